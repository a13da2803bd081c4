import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { violations } from "./support/axe";
import { COURSE, drawnPicture, kz, PDF, PNG, today } from "./support/fixtures";
import { appRuns } from "./support/public-pages";
import { signedInStaff } from "./support/sign-in";
import { applicant, approveThroughApi, chooseOwnPassword, sendReceipt, userContext } from "./support/students";
import { rowOf, settled, sidewaysScrollers } from "./support/table";

/**
 * Issue 13's journey, all in the browser, each person in a browser context of their own: a student
 * creates an account and fills the enrolment form; the secretariat approves it with a reference code;
 * the student sends a receipt whose amount differs from the price; finance sees the divergence and
 * approves; the enrolment is 'Matriculado' (and, having no class, gets one with 'Atribuir turma'), the
 * payment is in 'Financeiro', the dashboard and the export; a secretaria user cannot open 'Comprovantes'.
 */

const SHOTS = "/tmp/shots13";
const STUDENT = "Helena Comprovante Mussungo";
const CLASS = "Marketing Digital — Turma Online"; // the demo class of the course

/** `amount` as a person types it in the money field: groups of three separated by spaces, a decimal comma. */
const typed = (amount: number) =>
  amount
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");

/** The kz value a stat card shows ('1 234 567,89 Kz' → 1234567.89). */
async function cardAmount(page: Page, card: string): Promise<number> {
  const text = (await page.getByRole("region", { name: card }).textContent()) ?? "";
  const [, amount] = /([\d\s\u00a0\u202f.]+,\d{2})\s*Kz/.exec(text) ?? [];
  return Number(amount!.replace(/[^\d,]/g, "").replace(",", "."));
}

/** Picks a file for the field labelled `label` the way a user does: click it, answer the file chooser. */
async function attach(page: Page, label: RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel(label).click();
  await (await chooser).setFiles(file);
}

test("a student's divergent receipt is approved by finance: enrolled, given a class, and the payment is in Financeiro, the dashboard and the export", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000); // three people, a dozen screens, on a slow 2-core machine

  // 1. The student creates an account from the catalogue and fills the enrolment form.
  const studentContext = await userContext(browser, baseURL!);
  const student = await studentContext.newPage();
  await student.goto("/cursos");
  await appRuns(student);
  await student.getByRole("article", { name: COURSE }).getByRole("link", { name: "Inscrever-se Agora" }).click();
  await student.getByRole("link", { name: "Criar conta de aluno" }).click();
  await student.getByLabel(/^Nome completo/).fill(STUDENT);
  await student.getByLabel(/^Telefone/).fill("923 300 301");
  await student.getByRole("button", { name: "Criar conta" }).click();
  const created = student.getByRole("dialog", { name: "Conta criada com sucesso!" });
  const password = (await created.getByTestId("Senha").textContent())!.trim();
  await created.getByRole("button", { name: "Já anotei — ir para o login" }).click();
  await student.getByLabel(/^Senha/).fill(password);
  await student.getByRole("button", { name: "Entrar" }).click();
  await chooseOwnPassword(student);
  await expect(student).toHaveURL(/\/completar-inscricao/);
  await student.getByLabel(/^Data de nascimento/).fill("1999-03-02");
  await student.getByLabel(/^Nome da mãe/).fill("Joana Finanças Mussungo");
  await student.getByLabel(/^Naturalidade/).fill("Luanda");
  await student.getByRole("combobox", { name: /^Província/ }).fill("Luan");
  await student.getByRole("option", { name: "Luanda" }).click();
  await student.getByLabel(/^Município/).fill("Cazenga");
  await student.getByLabel(/^Bairro/).fill("Hoji-ya-Henda");
  await student.getByRole("combobox", { name: /^Nível de escolaridade/ }).click();
  await student.getByRole("option", { name: "Ensino Médio" }).click();
  await student.getByLabel(/^Área de formação/).fill("Contabilidade");
  await expect(student.getByRole("combobox", { name: /^Curso/ })).toHaveValue(COURSE);
  await student.getByRole("combobox", { name: /^Horário preferido/ }).click();
  await student.getByRole("option", { name: /^Noite/ }).click();
  await attach(student, /^Bilhete de Identidade \(frente\)/, {
    name: "bi-frente.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await attach(student, /^Bilhete de Identidade \(verso\)/, {
    name: "bi-verso.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await attach(student, /^Certificado de habilitações/, {
    name: "certificado.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await student.getByRole("button", { name: "Enviar inscrição" }).click();
  const sent = student.getByRole("dialog", { name: "Inscrição enviada com sucesso!" });
  await sent.getByRole("button", { name: "Ir para a área de pagamento" }).click();
  await expect(student.getByText("Aguarde Aprovação")).toBeVisible();

  // 2. The secretariat approves it with the proposed reference code.
  const secretaria = await signedInStaff(browser, baseURL!, {
    email: "sec.fin@instituto.ao",
    password: "secfin123",
    name: "Sílvia Secretária",
    role: "secretaria",
  });
  const adminMenu = (page: Page) => page.getByRole("navigation", { name: "Menu de administração" });
  await adminMenu(secretaria).getByRole("link", { name: "Inscrições" }).click();
  await (await rowOf(secretaria, STUDENT)).getByRole("button", { name: `Aprovar ${STUDENT}` }).click();
  const approveEnrolment = secretaria.getByRole("dialog", { name: "Aprovar inscrição" });
  const codeField = approveEnrolment.getByLabel(/^Código de referência/);
  await expect(codeField).not.toHaveValue("");
  const code = await codeField.inputValue();
  await approveEnrolment.getByLabel("Documentação completa e válida").check();
  await approveEnrolment.getByLabel("Dados pessoais conferidos").check();
  await approveEnrolment.getByRole("button", { name: "Aprovar inscrição" }).click();
  await expect(approveEnrolment.getByText(code)).toBeVisible();
  await approveEnrolment.getByRole("button", { name: "Concluir" }).click();

  // A secretaria user cannot open Comprovantes nor Financeiro, nor read their API.
  await expect(adminMenu(secretaria).getByRole("link", { name: "Comprovantes" })).toHaveCount(0);
  await secretaria.goto("/admin/payment-receipts");
  await expect(secretaria).toHaveURL(/\/admin$/);
  await expect(secretaria.getByRole("heading", { name: "Gestão de Comprovantes de Pagamento" })).toHaveCount(0);
  expect((await secretaria.request.get("/api/admin/receipts")).status()).toBe(403);
  expect((await secretaria.request.get("/api/admin/payments")).status()).toBe(403);

  // 3. The student sees the code and sends a receipt of 5 000,50 Kz more than the price, typed with spaces.
  const price: number = (
    (await (await student.request.get("/api/courses/catalog")).json()) as { name: string; price: number }[]
  ).find((c) => c.name === COURSE)!.price;
  const paid = price + 5000.5;
  await student.reload();
  const form = student.getByRole("region", { name: "Enviar comprovante" });
  await expect(form.getByTestId("Código de referência")).toHaveText(code);
  await form.getByRole("textbox", { name: /^Valor pago/ }).fill(typed(paid));
  await expect(form.getByText(/5\s000,50\s*Kz acima do valor do curso/)).toBeVisible();
  await form.getByLabel(/^Data do pagamento/).fill(today());
  await form.locator('input[type="file"]').setInputFiles({
    name: "talao.png",
    mimeType: "image/png",
    buffer: await drawnPicture(student, {
      width: 900,
      height: 1400,
      lines: ["COMPROVATIVO DE TRANSFERÊNCIA", `Ref. ${code}`, `Valor: ${typed(paid)} Kz`],
    }),
  });
  await form.getByRole("button", { name: "Enviar Comprovante" }).click();
  await expect(
    student.getByText("Comprovante enviado com sucesso! Aguarde a validação da equipe financeira."),
  ).toBeVisible();
  const history = student.getByRole("listitem", { name: `Comprovante: ${COURSE}` });
  await expect(history.getByText("Pendente", { exact: true })).toBeVisible();

  // 4. Finance reads the month's revenue, sees the divergence in 'Comprovantes' and approves.
  const fin = await signedInStaff(browser, baseURL!, {
    email: "fin.fin@instituto.ao",
    password: "finfin123",
    name: "Fernando Financeiro",
    role: "financeiro",
  });
  await expect(fin.getByRole("region", { name: "Receita do mês" })).toContainText(/Kz/);
  const revenueBefore = await cardAmount(fin, "Receita do mês");
  await adminMenu(fin).getByRole("link", { name: "Comprovantes" }).click();
  await expect(fin.getByRole("heading", { name: "Gestão de Comprovantes de Pagamento", level: 1 })).toBeVisible();
  for (const card of ["Total", "Pendentes", "Aprovados", "Rejeitados", "Total Validado", "Aguardando Validação"]) {
    await expect(fin.getByRole("region", { name: card, exact: true })).toBeVisible();
  }
  await expect(fin.getByLabel("Pesquisar", { exact: true })).toHaveAttribute(
    "placeholder",
    "Pesquisar por aluno ou código...",
  );
  const row = await rowOf(fin, code); // the search finds the reference code
  await expect(row).toContainText(STUDENT);
  await expect(row).toContainText(kz(paid));
  await expect(row).toContainText(kz(price));
  await expect(row).toContainText(kz(5000.5, "+"));
  // At 1280 px with the sidebar open, the status and the buttons are on screen without scrolling sideways.
  await expect(row.getByText("Pendente")).toBeInViewport();
  await expect(row.getByRole("button", { name: `Aprovar ${STUDENT}` })).toBeInViewport();
  await row.getByRole("button", { name: `Ver ${STUDENT}` }).click();
  const view = fin.getByRole("dialog", { name: "Detalhes do comprovante" });
  await expect(view.getByText(/Verifique com o aluno antes de aprovar/)).toBeVisible();
  await expect(view.getByRole("img", { name: `Comprovante de ${STUDENT}` })).toBeVisible();
  await expect(view.getByRole("link", { name: "Abrir em nova aba" })).toHaveAttribute("target", "_blank");
  await settled(fin);
  await fin.screenshot({ path: `${SHOTS}/journey-receipt-view-1280.png` });
  await expect(view.getByRole("button", { name: "Aprovar" })).toBeInViewport(); // no scrolling to reach it
  await view.getByRole("button", { name: "Aprovar" }).click();
  const confirm = fin.getByRole("dialog", { name: "Aprovar comprovante" });
  await expect(confirm.getByText(/o aluno é matriculado automaticamente/)).toBeVisible();
  await confirm.getByRole("button", { name: "Aprovar e matricular" }).dblclick();
  await expect(fin.getByText("Pagamento aprovado, registro criado e aluno matriculado!")).toBeVisible();
  await expect((await rowOf(fin, STUDENT)).getByText("Aprovado")).toBeVisible();
  await expect((await rowOf(fin, STUDENT)).getByRole("button", { name: `Aprovar ${STUDENT}` })).toHaveCount(0);

  // 5. The enrolment is 'Matriculado', still without a class; the student sees the receipt approved.
  await adminMenu(fin).getByRole("link", { name: "Inscrições" }).click();
  const enrolled = await rowOf(fin, STUDENT);
  await expect(enrolled.getByText("Matriculado")).toBeVisible();
  await expect(enrolled.getByText("Sem turma")).toBeVisible();
  await expect(enrolled.getByRole("button", { name: `Atribuir turma a ${STUDENT}` })).toHaveCount(0); // finance does not
  await student.reload();
  await expect(history.getByText("Aprovado", { exact: true })).toBeVisible();

  // The secretariat gives the student a class: one seat taken, 'Sem turma' gone.
  await secretaria.goto("/admin/classes");
  const seatsBefore = Number(
    (await (await rowOf(secretaria, CLASS)).getByText(/^\d+\/\d+$/).textContent())!.split("/")[0],
  );
  await adminMenu(secretaria).getByRole("link", { name: "Inscrições" }).click();
  await (await rowOf(secretaria, STUDENT)).getByRole("button", { name: `Atribuir turma a ${STUDENT}` }).click();
  const assign = secretaria.getByRole("dialog", { name: "Atribuir turma" });
  await assign.getByRole("combobox", { name: /^Turma/ }).click();
  await secretaria.getByRole("option", { name: new RegExp(CLASS) }).click();
  await settled(secretaria);
  await secretaria.screenshot({ path: `${SHOTS}/assign-class-1280.png` });
  await assign.getByRole("button", { name: "Atribuir turma" }).dblclick();
  await expect(secretaria.getByText("Turma atribuída com sucesso!")).toBeVisible();
  const withClass = await rowOf(secretaria, STUDENT);
  await expect(withClass.getByText("Sem turma")).toHaveCount(0);
  await expect(withClass.getByRole("button", { name: `Atribuir turma a ${STUDENT}` })).toHaveCount(0);
  await withClass.getByRole("button", { name: `Ver ${STUDENT}` }).click();
  const details = secretaria.getByRole("dialog", { name: "Detalhes da inscrição" });
  await details.getByRole("tab", { name: "Histórico" }).click();
  await expect(details.getByText(`Turma atribuída: ${CLASS}`)).toBeVisible();
  await secretaria.keyboard.press("Escape");
  await secretaria.goto("/admin/classes");
  await expect((await rowOf(secretaria, CLASS)).getByText(/^\d+\/\d+$/)).toHaveText(new RegExp(`^${seatsBefore + 1}/`)); // a double click takes one seat

  // 6. One payment in 'Financeiro', filtered by today and the receipt's method.
  await adminMenu(fin).getByRole("link", { name: "Financeiro" }).click();
  await expect(fin.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible();
  await fin.getByLabel("De", { exact: true }).fill(today());
  await fin.getByRole("combobox", { name: "Método" }).click();
  await fin.getByRole("option", { name: "Transferência Bancária" }).click();
  const payment = await rowOf(fin, STUDENT);
  await expect(payment).toContainText(kz(paid));
  await expect(payment).toContainText("Transferência Bancária");
  await expect(payment).toContainText("Confirmado");
  await payment.getByRole("button", { name: `Ver ${STUDENT}` }).click();
  const paymentView = fin.getByRole("dialog", { name: "Detalhes do pagamento" });
  await expect(paymentView.getByText(`Pagamento validado. Ref: ${code}`)).toBeVisible();
  await fin.keyboard.press("Escape");
  await expect(paymentView).toBeHidden();

  // The export of the filtered list holds that row.
  const csvDownload = fin.waitForEvent("download");
  await fin.getByRole("link", { name: "Exportar CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^pagamentos-\d{4}-\d{2}-\d{2}\.csv$/);
  const line = readFileSync((await csv.path())!, "utf8")
    .split("\r\n")
    .find((l) => l.includes(STUDENT));
  expect(line).toBeDefined();
  expect(line).toContain(code);
  expect(line).toContain(paid.toFixed(2).replace(".", ","));
  expect(line).toContain(today().split("-").reverse().join("/"));
  const xlsxDownload = fin.waitForEvent("download");
  await fin.getByRole("link", { name: "Exportar Excel" }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    readFileSync((await xlsx.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK"); // a zip, as XLSX is

  // 7. The dashboard's month revenue includes it.
  await adminMenu(fin).getByRole("link", { name: "Painel" }).click();
  await expect(fin.getByRole("region", { name: "Receita do mês" })).toContainText(kz(revenueBefore + paid));

  await studentContext.close();
  await secretaria.context().close();
  await fin.context().close();
});

test("screenshots of 'Comprovantes' and 'Financeiro' on a phone and a laptop", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const slip = await applicant(browser, baseURL!, "Igor Fotografia Cambuta", "923300302");
  const pdf = await applicant(browser, baseURL!, "Inês Documento Cambuta", "923300303");
  const admin = await signedInStaff(browser, baseURL!, {
    email: "fin.fotos@instituto.ao",
    password: "fotos1234",
    name: "Filipa Fotos",
    role: "super_admin",
  });
  await approveThroughApi(admin.request, baseURL!, slip.enrollmentId, "FOTOS-13");
  await approveThroughApi(admin.request, baseURL!, pdf.enrollmentId, "FOTOS-14");
  // A tall phone photo of the slip: the dialog shows it whole, below half the screen's height.
  const photo = await drawnPicture(slip.page, {
    width: 1080,
    height: 1920,
    lines: ["COMPROVATIVO DE TRANSFERÊNCIA", "Ref. FOTOS-13", "Valor: 1 000,00 Kz"],
  });
  const sentSlip = await sendReceipt(slip.context.request, baseURL!, slip.enrollmentId, "1000", {
    name: "talao.png",
    mimeType: "image/png",
    buffer: photo,
  });
  expect(sentSlip.status(), await sentSlip.text()).toBe(201);
  const sentPdf = await sendReceipt(pdf.context.request, baseURL!, pdf.enrollmentId, "1000", {
    name: "talao.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  expect(sentPdf.status(), await sentPdf.text()).toBe(201);
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await admin.goto("/admin/payment-receipts");
    // The server searches: both students share the surname, whatever page the other receipts fill.
    await admin.getByLabel("Pesquisar", { exact: true }).fill("Cambuta");
    await expect(admin.getByText(slip.name).first()).toBeVisible();
    await expect(admin.getByText(pdf.name).first()).toBeVisible();
    await admin.screenshot({ path: `${SHOTS}/receipts-list-${width}.png`, fullPage: true });
    expect(await sidewaysScrollers(admin)).toEqual([]); // four-digit years and all, nothing pushes the page wider
    if (width === 1280) {
      // Every column fits beside the open sidebar: no sideways scrolling.
      const wrapper = admin.locator("table").first().locator("xpath=..");
      expect(await wrapper.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await admin
      .getByRole("button", { name: `Ver ${slip.name}` })
      .first()
      .click();
    const view = admin.getByRole("dialog", { name: "Detalhes do comprovante" });
    await expect(view.getByRole("img", { name: `Comprovante de ${slip.name}` })).toBeVisible();
    await settled(admin);
    await admin.screenshot({ path: `${SHOTS}/receipt-view-image-${width}.png` });
    await expect(view.getByRole("button", { name: "Aprovar" })).toBeInViewport();
    await expect(view.getByRole("button", { name: "Rejeitar" })).toBeInViewport();
    await admin.keyboard.press("Escape");
    await admin
      .getByRole("button", { name: `Ver ${pdf.name}` })
      .first()
      .click();
    await expect(view.getByRole("link", { name: "Abrir PDF" })).toBeVisible();
    await settled(admin);
    await admin.screenshot({ path: `${SHOTS}/receipt-view-pdf-${width}.png` });
    await admin.keyboard.press("Escape");
    await admin
      .getByRole("button", { name: `Rejeitar ${pdf.name}` })
      .first()
      .click();
    const reject = admin.getByRole("dialog", { name: "Rejeitar comprovante" });
    await reject.getByRole("button", { name: "Rejeitar comprovante" }).click();
    await expect(reject.getByText("Indique o motivo da rejeição")).toBeVisible();
    await settled(admin);
    await admin.screenshot({ path: `${SHOTS}/receipt-reject-${width}.png` });
    await admin.keyboard.press("Escape");
    await admin.goto("/admin/financial");
    await expect(admin.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible();
    await expect(admin.getByRole("region", { name: "Receita total" })).toContainText(/Kz/);
    await admin.screenshot({ path: `${SHOTS}/financial-${width}.png`, fullPage: true });
    expect(await sidewaysScrollers(admin)).toEqual([]);
    // A period that ends before it starts: the message, and neither rows nor totals of the previous list.
    await admin.getByLabel("De", { exact: true }).fill("2026-11-10");
    await admin.getByLabel("Até", { exact: true }).fill("2026-11-01");
    await expect(admin.getByText("A data final é anterior à inicial")).toBeVisible();
    await expect(admin.getByRole("region", { name: "Receita total" })).toContainText("—");
    await expect(admin.getByText("Nenhum registro encontrado")).toBeVisible();
    await admin.screenshot({ path: `${SHOTS}/financial-bad-period-${width}.png`, fullPage: true });
    expect(await violations(admin)).toEqual([]);
  }
  // Rejected with a reason: the student may send a new receipt.
  await admin.goto("/admin/payment-receipts");
  await admin.getByLabel("Pesquisar", { exact: true }).fill(pdf.name);
  await admin
    .getByRole("button", { name: `Rejeitar ${pdf.name}` })
    .first()
    .click();
  const reject = admin.getByRole("dialog", { name: "Rejeitar comprovante" });
  await reject.getByLabel(/^Motivo da rejeição/).fill("O valor do talão não é legível");
  await reject.getByRole("button", { name: "Rejeitar comprovante" }).click();
  await expect(admin.getByText("Comprovante rejeitado. O aluno poderá enviar um novo.")).toBeVisible();
  await expect((await rowOf(admin, pdf.name)).getByText("Rejeitado")).toBeVisible();
  await slip.context.close();
  await pdf.context.close();
  await admin.context().close();
});
