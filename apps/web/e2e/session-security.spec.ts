import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createAdmin, withDatabase } from "./support/server";
import { signInStaff, signInStudent } from "./support/sign-in";

/** A student account made through the API, enrolment marked done (its form is another spec's journey). */
async function enrolledStudent(request: APIRequestContext, name: string, phone: string) {
  const created = await request.post("/api/student-accounts", {
    data: { studentName: name, studentPhone: phone, hasEmail: false },
  });
  expect(created.status()).toBe(201);
  const { studentCode, studentPassword } = (await created.json()) as { studentCode: string; studentPassword: string };
  await withDatabase((db) =>
    db.query("update student_accounts set enrollment_completed = true where student_code = $1", [studentCode]),
  );
  return { studentCode, studentPassword };
}

/** Signs in with the generated (temporary) password: the first screen is /escolher-senha (decision 028). */
async function signInWithTemporaryPassword(page: Page, code: string, password: string) {
  await signInStudent(page, code, password);
  await expect(page).toHaveURL(/\/escolher-senha$/);
}

test("the public pages and the sign-in run under the Content Security Policy without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on("pageerror", (e) => violations.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  for (const [path, text] of [
    ["/", "Inscrições Abertas 2025"],
    ["/cursos", "Marketing Digital"],
    ["/auth", "Acesso da Equipe"],
    ["/login-aluno", "Área do Aluno"],
  ] as const) {
    const res = await page.goto(path);
    expect(res!.headers()["content-security-policy"]).toContain("script-src 'self'");
    await expect(page.getByText(text).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the student taps 'Sair' in the header", async ({ page, request }) => {
    const s = await enrolledStudent(request, "Helena Mbala", "923456781");
    await signInWithTemporaryPassword(page, s.studentCode, s.studentPassword);
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Sair" })).toBeVisible();
    await header.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByText("Logout realizado com sucesso")).toBeVisible();
    await expect(page).toHaveURL(/\/login-aluno$/);
  });

  test("the admin header keeps 'Sair' visible", async ({ page }) => {
    createAdmin("telemovel@instituto.ao", "telemovel123", "Admin no Telemóvel", "admin");
    await signInStaff(page, "telemovel@instituto.ao", "telemovel123");
    await expect(page.getByRole("banner").getByRole("button", { name: "Sair" })).toBeVisible();
  });
});

test("a student whose session ended while idle is sent to the login with the reason", async ({ page, request }) => {
  const s = await enrolledStudent(request, "Jacinto Paulo", "923456782");
  await signInWithTemporaryPassword(page, s.studentCode, s.studentPassword);

  // Keeping the temporary password is refused (by the server: the screen no longer asks for it, decision 090).
  await expect(page.getByLabel(/^Senha atual/)).toHaveCount(0);
  await page.getByLabel(/^Nova senha/).fill(s.studentPassword);
  await page.getByLabel(/^Confirmar nova senha/).fill(s.studentPassword);
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Escolha uma senha diferente da temporária")).toBeVisible();

  // Two hours without a request (the student limit is one).
  await withDatabase((db) =>
    db.query(
      `update auth_session set updated_at = now() - interval '2 hours'
       where user_id = (select user_id from student_accounts where student_code = $1)`,
      [s.studentCode],
    ),
  );
  await page.getByLabel(/^Nova senha/).fill("NOVA77");
  await page.getByLabel(/^Confirmar nova senha/).fill("NOVA77");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page).toHaveURL(/\/login-aluno$/);
  await expect(page.getByText("A sua sessão terminou. Entre novamente.")).toBeVisible();
  await signInWithTemporaryPassword(page, s.studentCode, s.studentPassword);
  await expect(page.getByText("A sua sessão terminou. Entre novamente.")).toHaveCount(0);
});
