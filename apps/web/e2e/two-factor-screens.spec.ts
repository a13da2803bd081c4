import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { VIEWPORTS } from "./support/axe";
import { lookAt } from "./support/screens";
import { createAdmin } from "./support/server";
import { signedInStaff, signInStaff } from "./support/sign-in";
import { userContext } from "./support/students";

/**
 * Issue 34 (decision 086), as a director and a secretary meet two-factor sign-in: requiring it of a role
 * says first how many users it sends to the set-up; 'Utilizadores' says whose is on, off, or required and
 * not set up; the set-up on a 390 px phone says to use another device or type the key, shown in groups of
 * four; the code step names the account and leads back; a backup code typed in lower case, with spaces
 * and without its dash, signs in once.
 */

const PASSWORD = "senha123";
const PHONE = VIEWPORTS[0]!;
test.describe.configure({ timeout: 240_000 });

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp });

const toasts = (page: Page) => page.locator(".mantine-Notification-root");

async function secretariaRequired(boss: Page, baseURL: string, required: boolean) {
  const res = await boss.request.put("/api/admin/roles/secretaria/two-factor", {
    headers: { origin: baseURL },
    data: { required },
  });
  expect(res.status()).toBe(200);
}

test("a role's requirement asked with its count; the users' column; the set-up on a phone; the code step; a backup code in lower case", async ({
  browser,
  baseURL,
}) => {
  const boss = await signedInStaff(browser, baseURL!, {
    email: "perfis.chefe@instituto.ao",
    password: PASSWORD,
    name: "Chefe dos Perfis",
    role: "super_admin",
  });
  const email = "sara.secretaria.2fa@instituto.ao";
  createAdmin(email, PASSWORD, "Sara Secretaria Dois Passos", "secretaria");
  createAdmin("saul.secretaria.2fa@instituto.ao", PASSWORD, "Saul Secretaria Dois Passos", "secretaria");
  try {
    // Perfis de Acesso: the switch asks first, with the number the server counts.
    const counted = (await (await boss.request.get("/api/admin/roles/two-factor")).json()) as {
      items: { role: string; users: number; withoutTwoFactor: number }[];
    };
    const secretaria = counted.items.find((i) => i.role === "secretaria")!;
    expect(secretaria.withoutTwoFactor).toBeGreaterThanOrEqual(2);
    await boss.goto("/admin/roles");
    const card = boss.getByRole("region", { name: "Secretaria" });
    const toggle = card.getByRole("switch", { name: "Exigir verificação em dois passos" });
    await expect(card).toContainText("quem tem este perfil precisa ativá-la antes de usar o portal");
    await expect(card).not.toContainText("só podem ativá-la");
    await expect(card).toContainText(
      `${secretaria.users - secretaria.withoutTwoFactor} de ${secretaria.users} usuários deste perfil já a usam.`,
    );
    await expect(toggle).toBeEnabled();
    await toggle.click({ force: true });
    const ask = boss.getByRole("dialog", { name: "Exigir verificação em dois passos" });
    await expect(ask).toContainText(
      `${secretaria.withoutTwoFactor} usuários com o perfil Secretaria ainda não têm a verificação em dois passos ativa. Ao confirmar, serão levados à configuração`,
    );
    await lookAt(boss, "roles-require-confirmation", () => expect(ask).toBeVisible());
    await ask.getByRole("button", { name: "Cancelar" }).click();
    await expect(ask).toBeHidden();
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await ask.getByRole("button", { name: "Exigir" }).click();
    await expect(boss.getByText("Verificação em dois passos exigida")).toBeVisible();
    await expect(toggle).toBeChecked();
    await lookAt(boss, "roles", () => expect(toggle).toBeChecked());

    // Utilizadores: one column says on, off, or required and not set up.
    await boss.goto("/admin/users");
    await boss.getByPlaceholder(/Pesquisar/).fill("Sara Secretaria Dois Passos");
    const saraRow = boss.getByRole("row").filter({ hasText: "Sara Secretaria Dois Passos" });
    await expect(saraRow).toContainText("Exigida, não ativada");
    // On a phone the row is a card, and its role selector stays inside it.
    await boss.setViewportSize(PHONE);
    const saraCard = boss.getByTestId("table-card").filter({ hasText: "Sara Secretaria Dois Passos" });
    await expect(saraCard).toContainText("Exigida, não ativada");
    const cardBox = (await saraCard.boundingBox())!;
    const selectBox = (await saraCard.getByRole("combobox", { name: /^Perfil de Sara/ }).boundingBox())!;
    expect(selectBox.x + selectBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await boss.setViewportSize(VIEWPORTS[1]!);
    await boss.getByPlaceholder(/Pesquisar/).fill("Chefe dos Perfis");
    await expect(boss.getByRole("row").filter({ hasText: "Chefe dos Perfis" })).toContainText("Desativada");
    await boss.getByPlaceholder(/Pesquisar/).fill("");
    await expect(boss.getByRole("columnheader", { name: /Verificação em dois passos/ })).toBeVisible();
    await lookAt(boss, "users-two-factor-column", () =>
      expect(boss.getByText("Exigida, não ativada").first()).toBeVisible(),
    );

    // The secretary, on a phone: sent to the set-up.
    const page = await (await userContext(browser, baseURL!)).newPage();
    await page.setViewportSize(PHONE);
    await signInStaff(page, email, PASSWORD);
    await page.waitForURL("**/admin/account");
    // A wrong password is said on its field, and no toast is left to cover the next step.
    await page.getByLabel(/^Senha atual/).fill("errada123");
    await page.getByRole("button", { name: "Ativar verificação em dois passos" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Senha atual incorreta" })).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    await page.getByLabel(/^Senha atual/).fill(PASSWORD);
    await page.getByRole("button", { name: "Ativar verificação em dois passos" }).click();
    const onPhone = page.getByText("Abra esta página em outro dispositivo");
    await expect(onPhone).toBeVisible();
    const shownKey = (await page.getByTestId("Chave secreta").textContent())!.trim();
    expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const secret = shownKey.replaceAll(" ", "");
    expect(secret).toHaveLength(52);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
    await page.getByRole("button", { name: "Copiar chave secreta" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // A wrong code: said on the field, not in a toast over it.
    await page.getByLabel(/^Código de verificação/).fill("000000");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Código de verificação incorreto" })).toBeVisible();
    await expect(page.getByText("Chave copiada")).toBeHidden();
    await expect(toasts(page)).toHaveCount(0);
    await lookAt(page, "account-set-up", () => expect(page.getByLabel(/^Código de verificação/)).toBeVisible());
    await page.setViewportSize(VIEWPORTS[1]!);
    await expect(onPhone).toBeHidden(); // on a laptop the phone reads the QR code
    await page.getByLabel(/^Código de verificação/).fill(codeAt(secret, Date.now()));
    await page.getByRole("button", { name: "Confirmar" }).click();
    const codes = page.getByTestId("backup-code");
    await expect(codes).toHaveCount(10);
    const backupCodes = (await codes.allTextContents()).map((c) => c.trim());
    for (const code of backupCodes)
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{5}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{5}$/);
    await lookAt(page, "account-backup-codes", () => expect(codes.first()).toBeVisible());
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    // The code step: the account named, no sign-up or recovery, and a way back.
    await page.setViewportSize(PHONE);
    await signInStaff(page, email, PASSWORD);
    const heading = page.getByRole("heading", { level: 1, name: "Verificação em dois passos" });
    await expect(heading).toBeVisible();
    await expect(page.getByTestId("signing-in-as")).toHaveText(email);
    for (const gone of ["Entre com o seu email e senha", "Esqueci minha senha", "Não tem conta? Criar conta"])
      await expect(page.getByText(gone)).toHaveCount(0);
    await lookAt(page, "sign-in-code-step", () => expect(page.getByLabel(/^Código de verificação/)).toBeVisible());
    await page.getByRole("button", { name: "Voltar ao email e senha" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Acesso da Equipe" })).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await expect(page.getByLabel(/^Senha/)).toBeFocused();
    await page.getByLabel(/^Senha/).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();

    // A backup code as copied from paper: lower case, spaces, no dash; once.
    const paper = (code: string) => ` ${code.slice(0, 3)} ${code.slice(3, 5)}${code.slice(6)} `.toLowerCase();
    await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
    await expect(page.getByText("Em maiúsculas ou minúsculas, com ou sem o hífen")).toBeVisible();
    await page.getByLabel(/^Código de recuperação/).fill(paper(backupCodes[0]!));
    await lookAt(page, "sign-in-backup-code", () => expect(page.getByLabel(/^Código de recuperação/)).toBeVisible());
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByTestId("role-label")).toHaveText("Secretaria");
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await signInStaff(page, email, PASSWORD);
    await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
    await page.getByLabel(/^Código de recuperação/).fill(backupCodes[0]!.toLowerCase());
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Código de recuperação incorreto ou já usado" }),
    ).toBeVisible();
    await expect(page.getByTestId("role-label")).toHaveCount(0);

    // Back on Utilizadores, hers is on.
    await boss.goto("/admin/users");
    await boss.getByPlaceholder(/Pesquisar/).fill("Sara Secretaria Dois Passos");
    await expect(boss.getByRole("row").filter({ hasText: "Sara Secretaria Dois Passos" })).toContainText("Ativa");
  } finally {
    await secretariaRequired(boss, baseURL!, false);
  }
});
