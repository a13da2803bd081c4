import { randomUUID } from "node:crypto";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { COURSE, PDF, PNG } from "./support/fixtures";
import { screenshotsAtBothWidths } from "./support/screens";
import { signedInStaff, signInStudent } from "./support/sign-in";
import { applicant, CHOSEN_PASSWORD, chooseOwnPassword, userContext } from "./support/students";

/** Issue 21: the student's first screens — their own password, the enrolment form's layout and draft, the login. */

const shot = (page: Page, name: string) => screenshotsAtBothWidths(page, `student-first-steps-${name}`);

async function newAccount(request: APIRequestContext, name: string, phone: string) {
  const created = await request.post("/api/student-accounts", {
    data: { studentName: name, studentPhone: phone, hasEmail: false },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { studentCode: string; studentPassword: string };
}

/** Picks a file the way a user does: tap the field, answer the file chooser. */
async function pick(page: Page, label: RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel(label).click();
  await (await chooser).setFiles(file);
}

/** The drafts this browser keeps, by key (decision 028). */
const drafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("rascunho:")));

test("a student whose password the secretariat reset: the open page says the session ended, a wrong try stays on the login, and only the password screen opens until they choose their own", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000); // two people, on a loaded 2-core machine
  const staff = await signedInStaff(browser, baseURL!, {
    email: "secretaria.passos@instituto.ao",
    password: "secreta1",
    name: "Paula Secretaria",
    role: "secretaria",
  });
  const student = await applicant(browser, baseURL!, "Josefa Passos", "923212121");
  await student.page.goto("/aluno/pagamento");
  // The first signed-in screen loads every chunk: slow on a loaded 2-core machine.
  await expect(student.page.getByRole("heading", { name: "Bem-vindo, Josefa" })).toBeVisible({ timeout: 30_000 });

  // Staff reset the password (which ends the student's sessions) while the student's page is open.
  const accounts = await (await staff.request.get(`/api/admin/student-accounts?q=${student.code}`)).json();
  const { id } = accounts.rows.find((a: { studentCode: string }) => a.studentCode === student.code);
  // One confirmation, one key (decision 026), as the 'Resetar senha' dialog sends it.
  const reset = await staff.request.post(`/api/admin/student-accounts/${id}/reset-password`, {
    headers: { origin: baseURL!, "Idempotency-Key": randomUUID() },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const { studentPassword: temporary } = await reset.json();
  await student.page.reload();
  await expect(student.page).toHaveURL(/\/login-aluno$/);
  await expect(student.page.getByText("A sua sessão terminou. Entre novamente.")).toBeVisible();

  // The old password is refused on the form itself...
  await signInStudent(student.page, student.code, CHOSEN_PASSWORD);
  await expect(student.page.getByRole("alert").filter({ hasText: "Código ou senha incorretos" })).toBeVisible();
  // ...and the refusal does not follow the student once the right password lets them in (at once).
  await student.page.getByLabel(/^Senha/).fill(temporary);
  await student.page.getByRole("button", { name: "Entrar" }).click();
  await expect(student.page).toHaveURL(/\/escolher-senha$/);
  await expect(student.page.getByRole("heading", { name: "Escolha a sua senha", level: 1 })).toBeVisible();
  // Counted now, not waited for: a toast would still be there (it used to stay 6 s).
  expect(await student.page.getByText("Código ou senha incorretos").count()).toBe(0);
  await expect(student.page.getByText("A sua sessão terminou. Entre novamente.")).toHaveCount(0);
  await expect(student.page.getByText("Está usando uma senha temporária")).toBeVisible();

  // Nothing else opens: not the screens, not the API.
  for (const path of ["/aluno/acesso", "/completar-inscricao"]) {
    await student.page.goto(path);
    await expect(student.page).toHaveURL(/\/escolher-senha$/);
  }
  const refused = await student.context.request.get("/api/me/receipts");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe("Altere a senha temporária antes de continuar");
  await expect(student.page.getByRole("heading", { name: "Escolha a sua senha", level: 1 })).toBeVisible();
  await shot(student.page, "choose-password");
  await student.page.setViewportSize({ width: 1280, height: 800 });

  await chooseOwnPassword(student.page, "JOSE26");
  await expect(student.page).toHaveURL(/\/aluno\/pagamento$/);
  await expect(student.page.getByText("Senha alterada com sucesso")).toBeVisible();
  await expect(student.page.getByRole("article", { name: `Inscrição: ${COURSE}` })).toBeVisible();
  expect((await student.context.request.get("/api/me/receipts")).status()).toBe(200);
  await student.context.close();
});

test("the enrolment form has the student layout and keeps what was typed (not the files) on the device, per student, until it is sent or the student signs out", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000); // two students on one phone, on a loaded 2-core machine
  const ana = await newAccount(request, "Ana Rascunho Lemos", "923313131");
  const bruno = await newAccount(request, "Bruno Vizinho Lemos", "923313132");
  // One shared phone: one browser context for both students.
  const phone: BrowserContext = await userContext(browser, baseURL!);
  const page = await phone.newPage();
  await page.setViewportSize({ width: 390, height: 844 });

  await signInStudent(page, ana.studentCode, "ERRADA");
  await expect(page.getByRole("alert").filter({ hasText: "Código ou senha incorretos" })).toBeVisible();
  await shot(page, "login-refused");
  await page.setViewportSize({ width: 390, height: 844 });
  await signInStudent(page, ana.studentCode, ana.studentPassword);
  await chooseOwnPassword(page);
  await expect(page).toHaveURL(/\/completar-inscricao$/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("heading", { name: "Bem-vindo, Ana" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Sair" })).toBeVisible();
  await header.getByRole("button", { name: "Abrir menu" }).click();
  const menu = page.getByRole("dialog", { name: "Área do Aluno" });
  await expect(menu.getByText(ana.studentCode)).toBeVisible();
  await expect(menu.getByRole("link", { name: "Voltar ao site" })).toHaveAttribute("href", "/");
  await page.keyboard.press("Escape");

  await page.getByLabel(/^Data de nascimento/).fill("2003-08-17");
  await page.getByLabel(/^Nome da mãe/).fill("Catarina Lemos");
  await page.getByLabel(/^Naturalidade/).fill("Huambo");
  await page.getByRole("combobox", { name: /^Província/ }).fill("Huam");
  await page.getByRole("option", { name: "Huambo" }).click();
  await page.getByLabel(/^Município/).fill("Caála");
  await page.getByLabel(/^Bairro/).fill("Cruzeiro");
  await page.getByRole("combobox", { name: /^Curso/ }).click();
  await page.getByRole("option", { name: COURSE }).click();
  await page.getByRole("combobox", { name: /^Horário preferido/ }).click();
  await page.getByRole("option", { name: /^Tarde/ }).click();
  await pick(page, /^Bilhete de Identidade \(frente\)/, { name: "bi.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText(/^bi\.png \(/)).toBeVisible();

  // A reload: the typed fields are back, the file is not (it is never kept).
  await page.reload();
  await expect(page.getByLabel(/^Nome da mãe/)).toHaveValue("Catarina Lemos");
  await expect(page.getByLabel(/^Data de nascimento/)).toHaveValue("2003-08-17");
  await expect(page.getByRole("combobox", { name: /^Província/ })).toHaveValue("Huambo");
  await expect(page.getByLabel(/^Bairro/)).toHaveValue("Cruzeiro");
  await expect(page.getByRole("combobox", { name: /^Curso/ })).toHaveValue(COURSE);
  await expect(page.getByRole("combobox", { name: /^Horário preferido/ })).toHaveValue(/^Tarde/);
  await expect(page.getByText(/^bi\.png \(/)).toHaveCount(0);
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain("bi.png");
  await shot(page, "complete-enrolment");
  await page.setViewportSize({ width: 390, height: 844 });

  // Ana's session ends without 'Sair' (idle, or the phone handed on); Bruno signs in on the same phone.
  await phone.clearCookies();
  await signInStudent(page, bruno.studentCode, bruno.studentPassword);
  await chooseOwnPassword(page);
  await expect(page).toHaveURL(/\/completar-inscricao$/);
  await expect(page.getByRole("banner").getByRole("heading", { name: "Bem-vindo, Bruno" })).toBeVisible();
  await expect(page.getByLabel(/^Nome da mãe/)).toHaveValue("");
  await expect(page.getByLabel(/^Bairro/)).toHaveValue("");
  await page.getByLabel(/^Nome da mãe/).fill("Rita Vizinha");
  // 'Sair' leaves nothing of what Bruno typed on the phone.
  await page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login-aluno$/);
  expect(await drafts(page)).toHaveLength(1); // Ana's only

  // Ana comes back: her draft is there; she sends the form and the draft is gone.
  await signInStudent(page, ana.studentCode, CHOSEN_PASSWORD);
  await expect(page).toHaveURL(/\/completar-inscricao$/);
  await expect(page.getByLabel(/^Nome da mãe/)).toHaveValue("Catarina Lemos");
  await page.getByRole("combobox", { name: /^Nível de escolaridade/ }).click();
  await page.getByRole("option", { name: "Ensino Médio" }).click();
  await page.getByLabel(/^Área de formação/).fill("Agronomia");
  for (const [label, file] of [
    [/^Bilhete de Identidade \(frente\)/, { name: "bi-frente.png", mimeType: "image/png", buffer: PNG }],
    [/^Bilhete de Identidade \(verso\)/, { name: "bi-verso.png", mimeType: "image/png", buffer: PNG }],
    [/^Certificado de habilitações/, { name: "certificado.pdf", mimeType: "application/pdf", buffer: PDF }],
  ] as const) {
    await pick(page, label, file);
  }
  await page.getByRole("button", { name: "Enviar inscrição" }).click();
  await expect(page.getByRole("dialog", { name: "Inscrição enviada com sucesso!" })).toBeVisible();
  expect(await drafts(page)).toEqual([]);
  await phone.close();
});
