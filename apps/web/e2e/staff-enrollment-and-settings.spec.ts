import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { violations } from "./support/axe";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";
import { chooseOwnPassword } from "./support/students";
import { rowOf } from "./support/table";

/**
 * Issue 12, helper W2's screens: staff record a walk-in student's enrolment ('Nova inscrição', a new
 * student account shown once), the student replaces the refused documents on /aluno/pagamento, and
 * super_admin edits the institute's details ('Configurações').
 */

const SHOTS = "/tmp/shots";
const COURSE = "Marketing Digital";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A screenshot for review: the whole page, or only the screen while a dialog is open (it floats over it). */
async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Picks a file in a Mantine file field (its button is named after the label). */
async function pickFile(page: Page, field: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await field.click();
  await (await chooser).setFiles(file);
}

async function chooseOption(page: Page, box: Locator, option: string) {
  await box.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The walk-in student's personal step, as the secretariat types it. */
async function fillPersonal(page: Page, dialog: Locator, who: { name: string; phone: string; email: string }) {
  await dialog.getByLabel(/^Nome completo/).fill(who.name);
  await dialog.getByLabel(/^Data de nascimento/).fill("1998-03-21");
  await dialog.getByLabel(/^Nome do pai/).fill("Sebastião Domingos");
  await dialog.getByLabel(/^Nome da mãe/).fill("Teresa Sebastião");
  await dialog.getByLabel(/^Naturalidade/).fill("Benguela");
  await chooseOption(page, dialog.getByRole("combobox", { name: /^Província/ }), "Benguela");
  await dialog.getByLabel(/^Município/).fill("Lobito");
  await dialog.getByLabel(/^Bairro/).fill("Compão");
  await dialog.getByLabel(/^Telefone/).fill(who.phone);
  await dialog.getByLabel(/^Email/).fill(who.email);
}

/** The education step: technical school, Saturdays, in `course`. */
async function fillEducation(page: Page, dialog: Locator, course = COURSE) {
  await chooseOption(page, dialog.getByRole("combobox", { name: /^Qualificação/ }), "Ensino Técnico");
  await dialog.getByLabel(/^Área de formação/).fill("Electricidade");
  await chooseOption(page, dialog.getByRole("combobox", { name: /^Horário preferido/ }), "Sábado");
  await chooseOption(page, dialog.getByRole("combobox", { name: /^Curso/ }), course);
}

/** The three documents of the last step. */
async function attachDocuments(page: Page, dialog: Locator) {
  await pickFile(page, dialog.getByRole("button", { name: /^Bilhete de Identidade \(frente\)/ }), {
    name: "bi-frente.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await pickFile(page, dialog.getByRole("button", { name: /^Bilhete de Identidade \(verso\)/ }), {
    name: "bi-verso.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await pickFile(page, dialog.getByRole("button", { name: /^Certificado de habilitações/ }), {
    name: "certificado.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
}

async function signInStudent(page: Page, code: string, password: string) {
  await page.goto("/login-aluno");
  await page.getByLabel(/^Código de estudante/).fill(code);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("the secretariat records a walk-in student's enrolment; the student signs in with the code and password shown once", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  createAdmin("secretaria.balcao@instituto.ao", "balcao123", "Berta Balcão", "secretaria");
  await signInStaff(page, "secretaria.balcao@instituto.ao", "balcao123");
  await expect(page.getByTestId("role-label")).toHaveText("Secretaria");
  await page.goto("/admin/enrollments");
  await page.getByRole("button", { name: "Nova inscrição" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova inscrição" });

  // Moving on is blocked until the step is valid (SPEC §5).
  await dialog.getByRole("tab", { name: "Documentos" }).click();
  await expect(page.getByText("Preencha todos os campos obrigatórios antes de continuar")).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Dados pessoais" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByText("Nome do pai é obrigatório")).toBeVisible();

  await fillPersonal(page, dialog, {
    name: "Domingos Balcão Sebastião",
    phone: "+244 934 555 010",
    email: "domingos.balcao@exemplo.ao",
  });
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(dialog.getByRole("tab", { name: "Formação" })).toHaveAttribute("aria-selected", "true");

  await dialog.getByRole("tab", { name: "Documentos" }).click();
  await expect(page.getByText("Preencha todos os campos de formação antes de continuar")).toBeVisible();
  await fillEducation(page, dialog);
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(dialog.getByRole("tab", { name: "Documentos" })).toHaveAttribute("aria-selected", "true");

  await dialog.getByRole("button", { name: "Criar inscrição" }).click();
  await expect(page.getByText("Anexe todos os documentos obrigatórios")).toBeVisible();
  await attachDocuments(page, dialog);
  await dialog.getByRole("button", { name: "Criar inscrição" }).click();
  await expect(page.getByText("Inscrição criada com sucesso!")).toBeVisible();

  // A new account: its code and password, once, in a dialog that does not close by itself.
  const account = page.getByRole("dialog", { name: "Conta de aluno criada" });
  await expect(account.getByText("O código e a senha só são mostrados esta vez.", { exact: false })).toBeVisible();
  const code = (await account.getByTestId("Código de estudante").textContent())!;
  const password = (await account.getByTestId("Senha").textContent())!;
  expect(code).toMatch(/^AL[A-Z0-9]{6}$/);
  expect(password).toMatch(/^[A-Z0-9]{6}$/);
  await expect(account.getByRole("button", { name: "Copiar código de estudante" })).toBeVisible();
  await expect(account.getByRole("button", { name: "Copiar senha" })).toBeVisible();
  await shoot(page, "new-enrollment-account-1280", false);
  await page.keyboard.press("Escape");
  await expect(account).toBeVisible();
  await account.getByRole("button", { name: "Já anotei" }).click();
  await expect(account).toHaveCount(0);

  const row = await rowOf(page, "Domingos Balcão Sebastião", COURSE);
  await expect(row).toContainText("Pré-inscrito");

  // Editing: the edit form's lists, one 'Dados editados' event.
  await row.getByRole("button", { name: "Editar Domingos Balcão Sebastião" }).click();
  const edit = page.getByRole("dialog", { name: "Editar inscrição" });
  await expect(edit.getByLabel(/^Nome completo/)).toHaveValue("Domingos Balcão Sebastião");
  // 'Sábado' and 'Ensino Técnico' are not on the edit form's lists: staff choose again.
  await expect(edit.getByText("Valor registrado: Sábado")).toBeVisible();
  await shoot(page, "edit-enrollment-1280", false);
  await chooseOption(page, edit.getByRole("combobox", { name: /^Qualificação/ }), "Ensino Médio");
  await chooseOption(page, edit.getByRole("combobox", { name: /^Horário preferido/ }), "Manhã (08h-12h)");
  await edit.getByLabel(/^Bairro/).fill("Compão, Rua 5");
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Inscrição atualizada com sucesso!")).toBeVisible();
  await row.getByRole("button", { name: "Ver Domingos Balcão Sebastião" }).click();
  const view = page.getByRole("dialog", { name: "Detalhes da inscrição" });
  await view.getByRole("tab", { name: "Histórico" }).click();
  await expect(view.getByText(/Dados editados: Bairro, Qualificação, Horário preferido/)).toBeVisible();
  await page.keyboard.press("Escape");

  // The walk-in student follows the enrolment like anyone else.
  const student = await browser.newContext({ locale: "pt-AO", timezoneId: "Africa/Luanda" });
  const studentPage = await student.newPage();
  await signInStudent(studentPage, code, password);
  await chooseOwnPassword(studentPage);
  await expect(studentPage).toHaveURL(/\/aluno\/pagamento$/);
  await expect(studentPage.getByRole("article", { name: `Inscrição: ${COURSE}` })).toBeVisible();
  await expect(studentPage.getByText("Aguarde Aprovação")).toBeVisible();
  await student.close();
});

test("a phone someone already registered: the secretariat sees its accounts and chooses, nothing is linked silently", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000); // the whole form twice, two screenshots and two axe runs
  // Someone made a student account with the walk-in student's phone: the public sign-up never checks it.
  const stranger = await browser.newContext({ baseURL });
  const signUp = await stranger.request.post("/api/student-accounts", {
    data: { studentName: "Conta Estranha", studentPhone: "934555030", hasEmail: false },
  });
  expect(signUp.status()).toBe(201);
  const other: { studentCode: string } = await signUp.json();
  await stranger.close();
  const createdOn = new Intl.DateTimeFormat("pt-PT", { timeZone: "Africa/Luanda" }).format(new Date());

  createAdmin("secretaria.escolha@instituto.ao", "escolha123", "Sílvia Escolha", "secretaria");
  await signInStaff(page, "secretaria.escolha@instituto.ao", "escolha123");
  await expect(page.getByTestId("role-label")).toHaveText("Secretaria");
  await page.goto("/admin/enrollments");
  const student = { name: "Vitória Escolha Neto", phone: "934 555 030", email: "vitoria.escolha@exemplo.ao" };
  /** 'Nova inscrição' filled for the student, in `course`, up to the documents step. */
  const upToDocuments = async (course = COURSE) => {
    await page.getByRole("button", { name: "Nova inscrição" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova inscrição" });
    await fillPersonal(page, dialog, student);
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await fillEducation(page, dialog, course);
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await attachDocuments(page, dialog);
    return dialog;
  };

  const dialog = await upToDocuments();
  const choice = dialog.getByRole("radiogroup", { name: /^Conta de aluno/ });
  await expect(choice).toHaveAccessibleDescription(/^Já existe uma conta de aluno com o telefone 934\s555\s030\./);
  const theirs = choice.getByRole("radio", {
    name: `Usar a conta ${other.studentCode} — Conta Estranha, criada em ${createdOn}`,
  });
  const fresh = choice.getByRole("radio", { name: "Criar uma conta nova" });
  await expect(theirs).not.toBeChecked();
  await expect(fresh).not.toBeChecked();
  // Nothing is chosen for staff: creating asks first.
  await dialog.getByRole("button", { name: "Criar inscrição" }).click();
  await expect(dialog.getByText("Escolha a conta do aluno ou crie uma conta nova", { exact: true })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shoot(page, `new-enrollment-account-choice-${width}`, false);
    const found = await violations(page);
    expect.soft(found, `'Nova inscrição' with the account choice at ${width}px:\n${found.join("\n")}`).toEqual([]);
  }

  // This student is not the account's owner: a new account, its credentials shown once.
  await fresh.check();
  await dialog.getByRole("button", { name: "Criar inscrição" }).click();
  const created = page.getByRole("dialog", { name: "Conta de aluno criada" });
  const code = (await created.getByTestId("Código de estudante").textContent())!;
  expect(code).not.toBe(other.studentCode);
  await created.getByRole("button", { name: "Já anotei" }).click();
  const row = await rowOf(page, student.name, COURSE);
  await row.getByRole("button", { name: `Ver ${student.name}` }).click();
  const view = page.getByRole("dialog", { name: "Detalhes da inscrição" });
  await view.getByRole("tab", { name: "Histórico" }).click();
  await expect(view.getByText("Sílvia Escolha", { exact: false })).toBeVisible();
  await expect(
    view.getByText(
      `Inscrição registrada pela equipe, com uma nova conta de aluno (${code}); o telefone já tinha a conta ${other.studentCode}, não usada`,
    ),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  // Her next course: two accounts have the phone now; staff choose hers and no password is shown.
  const courses: { name: string }[] = await (await page.request.get("/api/courses/catalog")).json();
  const next = await upToDocuments(courses.find((c) => c.name !== COURSE)!.name);
  await next
    .getByRole("radiogroup", { name: /^Conta de aluno/ })
    .getByRole("radio", { name: new RegExp(`^Usar a conta ${code} — ${student.name}, criada em`) })
    .check();
  await next.getByRole("button", { name: "Criar inscrição" }).click();
  await expect(page.getByText(`Vinculada à conta ${code} (${student.name}), com o mesmo telefone`)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Conta de aluno criada" })).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Nova inscrição" })).toHaveCount(0);
});

test("a student replaces only the refused documents, one at a time, with the form's checks", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  createAdmin("secretaria.correcao@instituto.ao", "correcao123", "Carla Correção", "secretaria");
  const staff = await browser.newContext({ baseURL });
  const login = await staff.request.post("/api/auth/sign-in", {
    data: { email: "secretaria.correcao@instituto.ao", password: "correcao123" },
  });
  expect(login.status()).toBe(200);
  // Recorded at the desk through the staff API; a new account answers its code and password.
  const courses: { id: string; name: string }[] = await (await staff.request.get("/api/courses/catalog")).json();
  const created = await staff.request.post("/api/admin/enrollments", {
    headers: { origin: baseURL! },
    multipart: {
      studentName: "Helena Correção Vunge",
      birthDate: "2002-07-09",
      fatherName: "Vunge António",
      motherName: "Marta Vunge",
      nationality: "Angolana",
      birthPlace: "Uíge",
      province: "Uíge",
      municipality: "Negage",
      neighborhood: "Centro",
      studentPhone: "934555020",
      studentEmail: "helena@exemplo.ao",
      qualification: "secundario",
      trainingArea: "Secretariado",
      schedulePreference: "tarde",
      courseId: courses.find((c) => c.name === COURSE)!.id,
      idCardFront: { name: "frente.png", mimeType: "image/png", buffer: PNG },
      idCardBack: { name: "verso.png", mimeType: "image/png", buffer: PNG },
      certificate: { name: "certificado.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { enrollment, account } = await created.json();
  const asked = await staff.request.post(`/api/admin/enrollments/${enrollment.id}/request-correction`, {
    headers: { origin: baseURL! },
    data: {
      documents: [
        { document: "id_card_back", reason: "ilegivel", note: "A foto está desfocada" },
        { document: "certificate", reason: "documento_errado", note: "Enviou o bilhete em vez do certificado" },
      ],
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInStudent(page, account.studentCode, account.studentPassword);
  await chooseOwnPassword(page);
  await expect(page).toHaveURL(/\/aluno\/pagamento$/);
  await expect(page.getByRole("alert").filter({ hasText: "Correção pedida" })).toBeVisible();
  const back = page.getByRole("region", { name: "Bilhete de Identidade (verso)" });
  const certificate = page.getByRole("region", { name: "Certificado de habilitações" });
  await expect(back.getByText("Ilegível")).toBeVisible();
  await expect(back.getByText("A foto está desfocada")).toBeVisible();
  await expect(certificate.getByText("Documento errado")).toBeVisible();
  await expect(page.getByRole("region", { name: "Bilhete de Identidade (frente)" })).toHaveCount(0);
  await shoot(page, "student-correction-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "student-correction-1280");
  await page.setViewportSize({ width: 390, height: 844 });

  // A web page renamed .pdf is refused in the browser, with the server's words, before any upload.
  await pickFile(page, certificate.getByRole("button", { name: /^Novo arquivo/ }), {
    name: "certificado.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<!doctype html><html><body>x</body></html>"),
  });
  await expect(certificate.getByText("Formato inválido. Use JPEG, PNG, WEBP ou PDF")).toBeVisible();
  await expect(certificate.getByRole("button", { name: "Enviar Certificado de habilitações" })).toBeDisabled();

  await pickFile(page, back.getByRole("button", { name: /^Novo arquivo/ }), {
    name: "verso-nitido.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await back.getByRole("button", { name: "Enviar Bilhete de Identidade (verso)" }).click();
  await expect(page.getByText("Documento enviado com sucesso!")).toBeVisible();
  await expect(back).toHaveCount(0);
  await expect(page.getByText("Aguarde Aprovação")).toHaveCount(0); // one document still asked

  await pickFile(page, certificate.getByRole("button", { name: /^Novo arquivo/ }), {
    name: "certificado-certo.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await certificate.getByRole("button", { name: "Enviar Certificado de habilitações" }).click();
  await expect(page.getByText("Documentos corrigidos! A sua inscrição voltou para análise.")).toBeVisible();
  await expect(page.getByText("Aguarde Aprovação")).toBeVisible();

  // Staff see it back under review, with both replacements in History.
  const detail = await (await staff.request.get(`/api/admin/enrollments/${enrollment.id}`)).json();
  expect(detail.status).toBe("pre_inscrito");
  expect(detail.events.map((e: { note: string | null }) => e.note)).toEqual(
    expect.arrayContaining([
      "Documento substituído: Bilhete de Identidade (verso)",
      "Documento substituído: Certificado de habilitações",
    ]),
  );

  // Approved: the code with 'Copiar código', the price and the bank details.
  const code = (await (await staff.request.get("/api/admin/enrollments/reference-code")).json()).referenceCode;
  const approved = await staff.request.post(`/api/admin/enrollments/${enrollment.id}/approve`, {
    headers: { origin: baseURL! },
    data: { referenceCode: code, documentsChecked: true, personalDataChecked: true },
  });
  expect(approved.status()).toBe(200);
  await page.reload();
  const box = page.getByRole("region", { name: "Dados para pagamento" });
  await expect(box.getByTestId("Código de referência")).toHaveText(code);
  await expect(box.getByRole("button", { name: "Copiar código" })).toBeVisible();
  await expect(box.getByText(/Kz/)).toBeVisible();
  await expect(box.getByTestId("IBAN")).toHaveText(/^AO06( \d{4}){5} \d$/);
  await shoot(page, "student-payment-approved-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "student-payment-approved-1280");
  await staff.close();
});

test("super_admin edits the institute's details on 'Configurações'; other roles do not see it", async ({
  page,
  browser,
  baseURL,
}) => {
  createAdmin("super.config@instituto.ao", "config123", "Sónia Config", "super_admin");
  await signInStaff(page, "super.config@instituto.ao", "config123");
  const menu = page.getByRole("navigation", { name: "Menu de administração" });
  await menu.getByRole("button", { name: "Configurações" }).click();
  await menu.getByRole("link", { name: "Dados do instituto" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { name: "Configurações", level: 1 })).toBeVisible();
  await expect(page.getByLabel(/^IBAN/)).toHaveValue(/^AO06 /);
  await shoot(page, "settings-1280");

  await page.getByLabel(/^IBAN/).fill("AO06 1234");
  await page.getByLabel(/^Número de WhatsApp/).fill("812 345 678");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("IBAN inválido: um IBAN angolano tem 25 caracteres, AO e 23 algarismos")).toBeVisible();
  await expect(page.getByText("O celular deve começar com 9")).toBeVisible();
  // The right length with wrong check digits (ISO 13616): refused, nothing saved.
  await page.getByLabel(/^IBAN/).fill("AO06 0040 0000 8765 4321 0987 6");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("IBAN inválido: verifique os dígitos de controle")).toBeVisible();

  await page.getByLabel(/^Banco/).fill("Banco BFA");
  await page.getByLabel(/^IBAN/).fill("ao06.0006.0000.9876.5432.1018.2");
  await page.getByLabel(/^Número de WhatsApp/).fill("+244 923 000 111");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Banco/)).toHaveValue("Banco BFA");
  await expect(page.getByLabel(/^IBAN/)).toHaveValue("AO06 0006 0000 9876 5432 1018 2");
  await expect(page.getByLabel(/^Número de WhatsApp/)).toHaveValue("923 000 111");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "settings-390");

  // Secretaria: no entry in the menu, and the address leads back to the dashboard.
  createAdmin("secretaria.config@instituto.ao", "config123", "Sílvia Secretária", "secretaria");
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInStaff(otherPage, "secretaria.config@instituto.ao", "config123");
  await expect(otherPage.getByTestId("role-label")).toHaveText("Secretaria");
  await expect(otherPage.getByRole("button", { name: "Configurações" })).toHaveCount(0);
  await expect(otherPage.getByRole("link", { name: "Dados do instituto" })).toHaveCount(0);
  await otherPage.goto("/admin/settings");
  await expect(otherPage).toHaveURL(/\/admin$/);
  await other.close();
});

test("screenshots of 'Nova inscrição' on a phone and a laptop", async ({ page }) => {
  createAdmin("admin.nova@instituto.ao", "nova1234", "Nádia Nova", "admin");
  await signInStaff(page, "admin.nova@instituto.ao", "nova1234");
  await expect(page.getByTestId("role-label")).toHaveText("Administrador");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto("/admin/enrollments");
    await page.getByRole("button", { name: "Nova inscrição" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova inscrição" });
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Preencha todos os campos obrigatórios antes de continuar")).toBeVisible();
    await shoot(page, `new-enrollment-personal-${width}`, false);
    await page.keyboard.press("Escape");
  }
});
