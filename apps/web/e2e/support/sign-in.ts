import type { Page } from "@playwright/test";

/** Signs a staff user in through the real /auth form. */
export async function signInStaff(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}
