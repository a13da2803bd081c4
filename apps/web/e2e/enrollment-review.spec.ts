import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { COURSE, drawnPicture } from "./support/fixtures";
import { createAdmin } from "./support/server";
import { signedInStaff, signInStaff } from "./support/sign-in";
import { type Applicant, applicant as submittedApplicant } from "./support/students";
import { rowOf, settled } from "./support/table";

/**
 * Issue 12's journey: the secretariat turns applications into students on 'Inscrições'. Each student
 * has an account and a submitted pre-enrolment (made through the API, as the enrolment form would);
 * staff act on the screen and each student sees the outcome on /aluno/pagamento.
 */

const CLASS = "Marketing Digital — Turma Online"; // the demo class: 'Sábado, 09h-13h (manhã)', 40 seats
const SHOTS = "/tmp/shots";

/** An identity-card photo as a phone makes it (a PNG drawn in the browser). */
const cardPhoto = (page: Page, text: string) =>
  drawnPicture(page, { width: 480, height: 300, lines: ["REPÚBLICA DE ANGOLA", text] });

/** A student account with a submitted pre-enrolment in the demo course, with drawn identity-card photos. */
const applicant = (browser: Browser, baseURL: string, name: string, phone: string) =>
  submittedApplicant(browser, baseURL, name, phone, { idPhoto: (page) => cardPhoto(page, name) });

/** A proposed reference code: 8 characters without look-alikes (no 0/O, 1/I/L). */
const PROPOSED_CODE = /^[A-HJKMNP-Z2-9]{8}$/;

/** What the code field says when its code was taken meanwhile (it then holds a new proposal). */
const takenMeanwhile = (code: string) => `O código ${code} já está em uso noutra inscrição`;

/**
 * Opens 'Aprovar' on `name`'s row and ticks both checklist boxes; returns the dialog and its code field,
 * which holds the code this opening proposed.
 */
async function openApproval(page: Page, name: string) {
  await (await rowOf(page, name, COURSE)).getByRole("button", { name: `Aprovar ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Aprovar inscrição" });
  const code = dialog.getByLabel(/^Código de referência/);
  await expect(code).toHaveValue(PROPOSED_CODE);
  const submit = dialog.getByRole("button", { name: "Aprovar inscrição" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Documentação completa e válida").check();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Dados pessoais conferidos").check();
  return { dialog, code, submit };
}

/** Sends the open approval dialog; the reminder toast and the approved code follow. Returns the code. */
async function sendApproval(page: Page, { dialog, code, submit }: Awaited<ReturnType<typeof openApproval>>) {
  const sent = await code.inputValue();
  await submit.click();
  await expect(
    page.getByText("Inscrição aprovada! Não esqueça de enviar o código de referência via WhatsApp."),
  ).toBeVisible();
  await expect(dialog.getByText("Código de referência de")).toContainText(sent);
  return sent;
}

async function approve(page: Page, name: string, takenCode?: string): Promise<string> {
  const approval = await openApproval(page, name);
  if (takenCode) {
    // Another student's code: refused on the field, which then holds a new proposal; still pre_inscrito.
    await approval.code.fill(takenCode.toLowerCase());
    await approval.submit.click();
    await expect(approval.dialog.getByText(takenMeanwhile(takenCode))).toBeVisible();
    await expect(page.getByText("Erro ao aprovar inscrição")).toBeVisible();
    await expect(approval.code).toHaveValue(PROPOSED_CODE);
    await expect(approval.code).not.toHaveValue(takenCode);
  }
  return sendApproval(page, approval);
}

async function seatsOf(page: Page, className: string): Promise<number> {
  await page.goto("/admin/classes");
  const row = await rowOf(page, className);
  const seats = (await row.getByText(/^\d+\/\d+$/).textContent())!;
  return Number(seats.split("/")[0]);
}

test("the secretariat approves, asks a correction, rejects and enrols; each student sees the outcome", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const ana = await applicant(browser, baseURL!, "Ana Revisão Domingos", "923100201");
  const bruno = await applicant(browser, baseURL!, "Bruno Correção Neto", "923100202");
  const carla = await applicant(browser, baseURL!, "Carla Rejeição Lopes", "923100203");

  await ana.page.goto("/aluno/pagamento");
  await expect(ana.page.getByText("Aguarde Aprovação")).toBeVisible();

  createAdmin("secretaria.revisao@instituto.ao", "secret123", "Sara Secretária", "secretaria");
  await signInStaff(page, "secretaria.revisao@instituto.ao", "secret123");
  await expect(page.getByTestId("role-label")).toHaveText("Secretaria");
  await page
    .getByRole("navigation", { name: "Menu de administração" })
    .getByRole("link", { name: "Inscrições" })
    .click();
  await expect(page.getByRole("heading", { name: "Inscrições", level: 1 })).toBeVisible();
  // One card per status, so they add up to 'Total' (decision 050).
  const summary = page.getByRole("region", { name: "Resumo das inscrições" });
  const cards = [
    "Pré-inscritos",
    "Correção pedida",
    "Aprovados",
    "Pagamento Enviado",
    "Comprovante rejeitado",
    "Matriculados",
    "Rejeitados",
    "Concluídos",
    "Não concluídos",
  ];
  const cardValue = async (name: string) =>
    Number(await summary.getByRole("region", { name, exact: true }).getByText(/^\d+$/).textContent());
  const values = await Promise.all(cards.map(cardValue));
  expect(values.reduce((a, b) => a + b, 0)).toBe(await cardValue("Total"));
  const row = await rowOf(page, ana.name, COURSE);
  await expect(row).toContainText(COURSE);
  await expect(row).toContainText(/Kz/);
  await expect(row).toContainText("Pré-inscrito");
  await expect(row.getByRole("button", { name: `Confirmar pagamento de ${ana.name}` })).toHaveCount(0);

  // 1. Ana: approved with the proposed code, then the code goes by WhatsApp (recorded in History).
  const code = await approve(page, ana.name);
  const approveDialog = page.getByRole("dialog", { name: "Aprovar inscrição" });
  const whatsapp = approveDialog.getByRole("link", { name: "Enviar por WhatsApp" });
  await expect(whatsapp).toHaveAttribute("href", new RegExp(`^https://wa\\.me/244923100201\\?text=.*${code}`));
  await page.context().route("https://wa.me/**", (r) => r.fulfill({ body: "WhatsApp" }));
  const popup = page.waitForEvent("popup");
  await whatsapp.click();
  await (await popup).close();
  await approveDialog.getByRole("button", { name: "Concluir" }).click();
  await expect((await rowOf(page, ana.name, COURSE)).getByText("Aprovado (Código Enviado)")).toBeVisible();
  await (await rowOf(page, ana.name, COURSE)).getByRole("button", { name: `Ver ${ana.name}` }).click();
  const view = page.getByRole("dialog", { name: "Detalhes da inscrição" });
  await view.getByRole("tab", { name: "Histórico" }).click();
  await expect(view.getByText("Pré-inscrito → Aprovado", { exact: true })).toBeVisible();
  await expect(view.getByText("Código enviado por WhatsApp")).toBeVisible();
  await expect(view.getByText(/Sara Secretária · \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/).first()).toBeVisible();
  await page.keyboard.press("Escape");

  // The student now sees the code and the bank details instead of 'Aguarde Aprovação'.
  const institute = await (await page.request.get("/api/admin/settings/institute")).json();
  await ana.page.reload();
  await expect(ana.page.getByText(code)).toBeVisible();
  await expect(ana.page.getByText(institute.bankName)).toBeVisible();
  await expect(ana.page.getByText(institute.beneficiary)).toBeVisible();
  await expect(ana.page.getByText("Aguarde Aprovação")).toHaveCount(0);

  // 2. Bruno: one document refused ('Ilegível'), replaced by the student, then approved.
  await (await rowOf(page, bruno.name, COURSE)).getByRole("button", { name: `Ver ${bruno.name}` }).click();
  await view.getByRole("tab", { name: "Documentos" }).click();
  await expect(view.getByRole("img", { name: "Bilhete de Identidade (frente)" })).toBeVisible();
  await expect(view.getByRole("link", { name: "Abrir PDF" })).toBeVisible();
  const back = view.getByRole("region", { name: "Bilhete de Identidade (verso)" });
  await back.getByLabel("Recusar este documento").check();
  await back.getByRole("combobox", { name: "Motivo" }).click();
  await page.getByRole("option", { name: "Ilegível" }).click();
  await back.getByLabel("Nota para o aluno").fill("A foto está desfocada");
  await view.getByRole("button", { name: "Pedir correção" }).click();
  await expect(page.getByText("Pedido de correção enviado ao aluno")).toBeVisible();
  await expect(view.getByText("Correção pedida ao aluno")).toBeVisible();
  await expect(view.getByText("Correção pedida", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(
    (await rowOf(page, bruno.name, COURSE)).getByRole("button", { name: `Aprovar ${bruno.name}` }),
  ).toHaveCount(0);

  // The student replaces only that document (helper W2's screen).
  await bruno.page.goto("/aluno/pagamento");
  await expect(bruno.page.getByText("Correção pedida").first()).toBeVisible();
  await expect(bruno.page.getByText("A foto está desfocada")).toBeVisible();
  const chooser = bruno.page.waitForEvent("filechooser");
  await bruno.page.getByRole("button", { name: /^Novo arquivo: Bilhete de Identidade \(verso\)/ }).click();
  await (await chooser).setFiles({
    name: "bi-verso-nitido.png",
    mimeType: "image/png",
    buffer: await cardPhoto(bruno.page, "verso nítido"),
  });
  await bruno.page.getByRole("button", { name: "Enviar Bilhete de Identidade (verso)" }).click();
  await expect(bruno.page.getByText("Aguarde Aprovação")).toBeVisible({ timeout: 30_000 });

  await page.reload();
  await expect((await rowOf(page, bruno.name, COURSE)).getByText("Pré-inscrito")).toBeVisible();
  await approve(page, bruno.name, code);
  await page.keyboard.press("Escape");

  // 3. Carla: rejected with a reason, which she then reads.
  await (await rowOf(page, carla.name, COURSE)).getByRole("button", { name: `Rejeitar ${carla.name}` }).click();
  const reject = page.getByRole("dialog", { name: "Rejeitar inscrição" });
  await reject.getByRole("button", { name: "Rejeitar inscrição" }).click();
  await expect(reject.getByText("Indique o motivo da rejeição")).toBeVisible();
  await reject.getByLabel(/^Motivo da rejeição/).fill("O certificado não corresponde à aluna");
  await reject.getByRole("button", { name: "Rejeitar inscrição" }).click();
  await expect(page.getByText("Inscrição rejeitada", { exact: true })).toBeVisible();
  await expect((await rowOf(page, carla.name, COURSE)).getByText("Rejeitado")).toBeVisible();
  await carla.page.goto("/aluno/pagamento");
  await expect(carla.page.getByText("Inscrição rejeitada")).toBeVisible();
  await expect(carla.page.getByText("O certificado não corresponde à aluna")).toBeVisible();

  // 4. Ana pays at the desk: staff confirm the payment and choose a class; its seat count rises by one.
  const before = await seatsOf(page, CLASS);
  await page.goto("/admin/enrollments");
  await (await rowOf(page, ana.name, COURSE))
    .getByRole("button", { name: `Confirmar pagamento de ${ana.name}` })
    .click();
  const pay = page.getByRole("dialog", { name: "Pagamento e matrícula" });
  await expect(pay.getByLabel(/^Valor pago/)).not.toHaveValue("");
  await pay.getByRole("button", { name: "Confirmar e matricular" }).click();
  await expect(pay.getByText("Selecione uma turma para matricular o aluno")).toBeVisible();
  await pay.getByRole("combobox", { name: /^Método de pagamento/ }).click();
  await page.getByRole("option", { name: "TPA" }).click();
  await pay.getByRole("combobox", { name: /^Turma/ }).click();
  await page.getByRole("option", { name: new RegExp(CLASS) }).click();
  // Ana asked for the evening; the class is on Saturday morning.
  await expect(pay.getByText(/não corresponde à preferência do aluno: Noite/)).toBeVisible();
  await pay.getByRole("button", { name: "Confirmar e matricular" }).dblclick();
  await expect(page.getByText("Pagamento confirmado e aluno matriculado com sucesso!")).toBeVisible();
  await expect((await rowOf(page, ana.name, COURSE)).getByText("Matriculado")).toBeVisible();
  expect(await seatsOf(page, CLASS)).toBe(before + 1); // a double click takes one seat

  for (const s of [ana, bruno, carla]) await s.context.close();
});

test("screenshots of 'Inscrições' and its dialogs on a phone and a laptop", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const diana = await applicant(browser, baseURL!, "Diana Fotografia Sebastião", "923100204");
  await diana.context.close();
  createAdmin("admin.fotos@instituto.ao", "fotos123", "Fausto Fotos", "admin");
  await signInStaff(page, "admin.fotos@instituto.ao", "fotos123");
  await expect(page.getByTestId("role-label")).toHaveText("Administrador");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto("/admin/enrollments");
    await expect(page.getByRole("heading", { name: "Inscrições", level: 1 })).toBeVisible();
    await expect(page.getByText(diana.name).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/enrollments-list-${width}.png`, fullPage: true });

    await page
      .getByRole("button", { name: `Ver ${diana.name}` })
      .first()
      .click();
    const view = page.getByRole("dialog", { name: "Detalhes da inscrição" });
    await view.getByRole("tab", { name: "Documentos" }).click();
    await view
      .getByRole("region", { name: "Bilhete de Identidade (verso)" })
      .getByLabel("Recusar este documento")
      .check();
    await expect(view.getByRole("img", { name: "Bilhete de Identidade (frente)" })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/enrollment-view-documents-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(view).toBeHidden();

    await page
      .getByRole("button", { name: `Aprovar ${diana.name}` })
      .first()
      .click();
    const approveDialog = page.getByRole("dialog", { name: "Aprovar inscrição" });
    await expect(approveDialog.getByLabel(/^Código de referência/)).not.toHaveValue("");
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/enrollment-approve-${width}.png` });
    if (width === 1280) {
      await approveDialog.getByLabel("Documentação completa e válida").check();
      await approveDialog.getByLabel("Dados pessoais conferidos").check();
      await approveDialog.getByRole("button", { name: "Aprovar inscrição" }).click();
      await expect(approveDialog.getByRole("link", { name: "Enviar por WhatsApp" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/enrollment-approved-${width}.png` });
    }
    await page.keyboard.press("Escape");
    await expect(approveDialog).toBeHidden();
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto("/admin/enrollments");
    await page
      .getByRole("button", { name: `Confirmar pagamento de ${diana.name}` })
      .first()
      .click();
    const pay = page.getByRole("dialog", { name: "Pagamento e matrícula" });
    await pay.getByRole("combobox", { name: /^Turma/ }).click();
    await page.getByRole("option", { name: new RegExp(CLASS) }).click();
    await expect(pay.getByText(/não corresponde/)).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/enrollment-payment-${width}.png` });
    await page.keyboard.press("Escape");
  }
});

test("the secretariat approves enrolment after enrolment without a reload: each dialog proposes a free code", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const names = ["Elsa Seguida Mateus", "Fábio Seguido Mateus", "Gina Seguida Mateus", "Hugo Seguido Mateus"];
  const students: Applicant[] = [];
  for (const [i, name] of names.entries()) students.push(await applicant(browser, baseURL!, name, `92310021${i}`));
  const other = await applicant(browser, baseURL!, "Ivo Outra Secretaria", "923100219");

  createAdmin("secretaria.seguida@instituto.ao", "seguida123", "Sónia Seguida", "secretaria");
  await signInStaff(page, "secretaria.seguida@instituto.ao", "seguida123");
  await expect(page.getByTestId("role-label")).toHaveText("Secretaria");
  await page.goto("/admin/enrollments");

  // Three in a row, each dialog closed with 'Concluir' and the next opened on the same screen.
  const codes: string[] = [];
  for (const name of names.slice(0, 3)) {
    const approval = await openApproval(page, name);
    expect(codes).not.toContain(await approval.code.inputValue());
    codes.push(await sendApproval(page, approval));
    await approval.dialog.getByRole("button", { name: "Concluir" }).click();
    await expect(approval.dialog).toBeHidden();
    await expect((await rowOf(page, name, COURSE)).getByText(/^Aprovado/)).toBeVisible();
  }
  expect(new Set(codes).size).toBe(3);

  // Two members of staff at once: while this dialog is open, a colleague approves another enrolment with
  // the very code it proposes. The server refuses it here; the field says so and proposes another.
  const colleague = await signedInStaff(browser, baseURL!, {
    email: "secretaria.colega@instituto.ao",
    password: "colega123",
    name: "Carlos Colega",
    role: "secretaria",
  });
  await colleague.goto("/admin/enrollments");
  const approval = await openApproval(page, names[3]!);
  const proposed = await approval.code.inputValue();
  const theirs = await openApproval(colleague, other.name);
  await theirs.code.fill(proposed);
  expect(await sendApproval(colleague, theirs)).toBe(proposed);
  await approval.submit.click();
  await expect(approval.dialog.getByText(takenMeanwhile(proposed))).toBeVisible();
  await expect(approval.code).toHaveValue(PROPOSED_CODE);
  await expect(approval.code).not.toHaveValue(proposed);
  const fourth = await sendApproval(page, approval);
  expect([...codes, proposed]).not.toContain(fourth);

  for (const s of [...students, other]) await s.context.close();
  await colleague.context().close();
});

test("'Editar' right after 'Ver' on the same enrolment opens the form, and again at the next opening", async ({
  page,
  browser,
  baseURL,
}) => {
  const julia = await applicant(browser, baseURL!, "Júlia Ver e Editar", "923100218");
  createAdmin("secretaria.editar@instituto.ao", "editar123", "Eva Editora", "secretaria");
  await signInStaff(page, "secretaria.editar@instituto.ao", "editar123");
  await expect(page.getByTestId("role-label")).toHaveText("Secretaria");
  await page.goto("/admin/enrollments");
  await (await rowOf(page, julia.name, COURSE)).getByRole("button", { name: `Ver ${julia.name}` }).click();
  await expect(page.getByRole("dialog", { name: "Detalhes da inscrição" })).toContainText(julia.name);
  await page.keyboard.press("Escape");
  const edit = page.getByRole("dialog", { name: "Editar inscrição" });
  for (const opening of ["after 'Ver'", "again"]) {
    await (await rowOf(page, julia.name, COURSE)).getByRole("button", { name: `Editar ${julia.name}` }).click();
    await expect(edit.getByLabel(/^Nome da mãe/), opening).toHaveValue("Rosa Maria Kiala");
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
  }
  await julia.context.close();
});
