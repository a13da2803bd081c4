import { type Browser, expect, type Page } from "@playwright/test";
import { createAdmin } from "./server";
import { userContext } from "./students";

/** Signs a staff user in through the real /auth form. */
export async function signInStaff(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** Fills and sends /login-aluno as a student does (where it leads depends on the account). */
export async function signInStudent(page: Page, code: string, password: string) {
  await page.goto("/login-aluno");
  await page.getByLabel(/^Código de estudante/).fill(code);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** A new staff user (the real create-admin command) signed in in a browser context of its own. */
export async function signedInStaff(
  browser: Browser,
  baseURL: string,
  user: { email: string; password: string; name: string; role: string },
): Promise<Page> {
  createAdmin(user.email, user.password, user.name, user.role);
  const page = await (await userContext(browser, baseURL)).newPage();
  await signInStaff(page, user.email, user.password);
  await expect(page.getByTestId("role-label")).toBeVisible();
  return page;
}
