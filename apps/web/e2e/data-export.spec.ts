import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { lookAt } from "./support/screens";
import { signedInStaff } from "./support/sign-in";

/**
 * Issue 38's export (decision 101): the super_admin finds 'Exportar todos os dados' beside 'Importar dados'
 * and gets one ZIP named with the date, a CSV and an XLSX per table; an admin imports but sees no export.
 */
test.describe.configure({ timeout: 180_000 });

test("the super_admin downloads every table in one ZIP; an admin has no export", async ({ browser, baseURL }) => {
  const boss = await signedInStaff(browser, baseURL!, {
    email: "data.export.boss@instituto.ao",
    password: "senha123",
    name: "Diretora da Exportação",
    role: "super_admin",
  });
  const menu = boss.getByRole("navigation", { name: "Menu de administração" });
  await menu.getByRole("button", { name: "Configurações" }).click();
  await menu.getByRole("link", { name: "Importar dados" }).click();
  const section = boss.getByRole("region", { name: "Exportar todos os dados" });
  await expect(section).toContainText("não vão na exportação: estão na cópia de segurança");
  await lookAt(boss, "data-export", () => expect(section).toBeVisible());

  const download = boss.waitForEvent("download");
  await section.getByRole("link", { name: "Exportar todos os dados" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^instituto-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync((await file.path())!);
  expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  const names = Object.keys(unzipSync(new Uint8Array(zip)));
  for (const table of ["cursos", "professores", "turmas", "alunos-e-inscricoes", "pagamentos", "historico"]) {
    expect(names).toContain(`${table}.csv`);
    expect(names).toContain(`${table}.xlsx`);
  }

  const admin = await signedInStaff(browser, baseURL!, {
    email: "data.export.admin@instituto.ao",
    password: "senha123",
    name: "Administrador da Importação",
    role: "admin",
  });
  const adminMenu = admin.getByRole("navigation", { name: "Menu de administração" });
  await adminMenu.getByRole("button", { name: "Configurações" }).click();
  await adminMenu.getByRole("link", { name: "Importar dados" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Importar dados" })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Exportar todos os dados" })).toHaveCount(0);
  expect((await admin.request.get("/api/admin/data-export")).status()).toBe(403);
});
