import { expect, test } from "@playwright/test";
import { lookAt } from "./support/screens";
import { signedInStaff } from "./support/sign-in";

/**
 * Issue 21 (decision 049): this e2e server runs with BASE_URL http://127.0.0.1:…, a loopback address that
 * every certificate would carry for ever, so the super_admin's dashboard says so (nobody else's does);
 * and the super_admin sets the institute's pass mark in Configurações.
 */

// Each state is checked with axe at two widths.
test.describe.configure({ timeout: 240_000 });

test("the super_admin's dashboard says BASE_URL is a loopback address; an admin's does not", async ({
  browser,
  baseURL,
}) => {
  const boss = await signedInStaff(browser, baseURL!, {
    email: "base.url.boss@instituto.ao",
    password: "senha123",
    name: "Diretora Geral",
    role: "super_admin",
  });
  await expect(boss.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
  const notice = boss.getByRole("alert").filter({ hasText: "Falta configurar o endereço público do portal" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("antes de emitir o primeiro certificado");
  // In a director's words (issue 34, decision 086): the technician's details wait behind a disclosure.
  const technician = notice.getByText(/A variável de ambiente/);
  await expect(technician).toBeHidden();
  for (const word of ["BASE_URL", "variável", "reinicie", baseURL!])
    await expect(notice).not.toContainText(word, { useInnerText: true }); // what is seen, not the closed details
  await lookAt(boss, "dashboard-base-url-notice", () => expect(notice).toBeVisible());
  await notice.getByText("Detalhes para o técnico").click();
  await expect(technician).toBeVisible();
  await expect(technician).toContainText("BASE_URL");
  await expect(technician).toContainText(baseURL!);
  await expect(technician).toContainText("reinicie o servidor");
  await lookAt(boss, "dashboard-base-url-technician", () => expect(technician).toBeVisible());

  const admin = await signedInStaff(browser, baseURL!, {
    email: "base.url.admin@instituto.ao",
    password: "senha123",
    name: "Administrador Geral",
    role: "admin",
  });
  await expect(admin.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Próximos passos" })).toBeVisible();
  await expect(admin.getByText("Falta configurar o endereço público do portal")).toHaveCount(0);
});

test("the super_admin sets the pass mark in Configurações ('9,5'), and a wrong one is refused on its field", async ({
  browser,
  baseURL,
}) => {
  const boss = await signedInStaff(browser, baseURL!, {
    email: "pass.mark.boss@instituto.ao",
    password: "senha123",
    name: "Diretor Pedagógico",
    role: "super_admin",
  });
  await boss.goto("/admin/settings");
  const section = boss.getByRole("region", { name: "Nota mínima de aprovação" });
  const field = section.getByLabel(/^Nota mínima de aprovação \(0–20\)/);
  await expect(field).toHaveValue("10");
  await field.fill("21");
  await section.getByRole("button", { name: "Salvar nota mínima" }).click();
  await expect(section.getByText("A nota vai de 0 a 20")).toBeVisible();
  await lookAt(boss, "settings-pass-mark-error", () => expect(section).toBeVisible());
  await field.fill("9,5");
  await section.getByRole("button", { name: "Salvar nota mínima" }).click();
  await expect(boss.getByText("Nota mínima de aprovação salva")).toBeVisible();
  await boss.reload();
  await expect(boss.getByRole("region", { name: "Nota mínima de aprovação" }).getByLabel(/^Nota mínima/)).toHaveValue(
    "9,5",
  );
  // Back to the default: the other specs of this server expect 10.
  const restored = await boss.request.put("/api/admin/settings/pass-mark", {
    headers: { origin: baseURL! },
    data: { passMark: 10 },
  });
  expect(restored.status()).toBe(200);
});
