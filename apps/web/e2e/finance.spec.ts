import { readFileSync } from "node:fs";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";

/**
 * Issue 13's journey: a student's pre-enrolment is approved with a code, the student sends a receipt whose
 * amount differs from the price, and finance sees the divergence, approves it, and finds the payment in
 * 'Financeiro', the dashboard and the export. The enrolment and the receipt go through the API as the
 * student's screens would send them.
 */

const COURSE = "Marketing Digital";
const SHOTS = "/tmp/shots13";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Today in Luanda as `YYYY-MM-DD`. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Luanda" }).format(new Date());

/** An amount as the screens write it ('155 000,00 Kz'), as a pattern tolerant of the kind of space. */
function kz(amount: number, sign = ""): RegExp {
  const [int, cents] = amount.toFixed(2).split(".");
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, "\\s");
  return new RegExp(`${sign.replace("+", "\\+")}${grouped},${cents}\\s*Kz`);
}

interface Student {
  name: string;
  enrollmentId: string;
  context: BrowserContext;
  page: Page;
}

/** A student account with a submitted pre-enrolment in `COURSE`, signed in in its own browser context. */
async function applicant(browser: Browser, baseURL: string, name: string, phone: string): Promise<Student> {
  const context = await browser.newContext({ baseURL, locale: "pt-AO", timezoneId: "Africa/Luanda" });
  const page = await context.newPage();
  const created = await context.request.post("/api/student-accounts", {
    data: { studentName: name, studentPhone: phone, hasEmail: false },
  });
  expect(created.status()).toBe(201);
  const { studentCode, studentPassword } = await created.json();
  const signedIn = await context.request.post("/api/auth/student/sign-in", {
    data: { code: studentCode, password: studentPassword },
  });
  expect(signedIn.status()).toBe(200);
  const courses: { id: string; name: string }[] = await (await context.request.get("/api/courses/catalog")).json();
  const submitted = await context.request.post("/api/enrollments/mine", {
    headers: { origin: baseURL },
    multipart: {
      birthDate: "1999-03-02",
      motherName: "Joana Finanças",
      nationality: "Angolana",
      birthPlace: "Luanda",
      province: "Luanda",
      municipality: "Cazenga",
      neighborhood: "Hoji-ya-Henda",
      qualification: "medio",
      trainingArea: "Contabilidade",
      courseId: courses.find((c) => c.name === COURSE)!.id,
      schedulePreference: "manha",
      idCardFront: { name: "frente.png", mimeType: "image/png", buffer: PNG },
      idCardBack: { name: "verso.png", mimeType: "image/png", buffer: PNG },
      certificate: { name: "certificado.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = await submitted.json();
  return { name, enrollmentId: id, context, page };
}

/** The row of `name`, found with the table's search. */
async function rowOf(page: Page, name: string): Promise<Locator> {
  await page.getByLabel("Pesquisar", { exact: true }).fill(name);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  return row;
}

async function staffPage(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  name: string,
  role: string,
) {
  createAdmin(email, password, name, role);
  const context = await browser.newContext({ baseURL, locale: "pt-AO", timezoneId: "Africa/Luanda" });
  const page = await context.newPage();
  await signInStaff(page, email, password);
  await expect(page.getByTestId("role-label")).toBeVisible();
  return page;
}

test("a divergent receipt is approved by finance: the student is enrolled and the payment is in Financeiro, the dashboard and the export", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const student = await applicant(browser, baseURL!, "Helena Comprovante Mussungo", "923300301");
  const price: number = (
    (await (await student.context.request.get("/api/courses/catalog")).json()) as { name: string; price: number }[]
  ).find((c) => c.name === COURSE)!.price;
  const paid = price + 5000;

  // The secretariat approves the application with a reference code.
  const secretaria = await staffPage(
    browser,
    baseURL!,
    "sec.fin@instituto.ao",
    "secfin123",
    "Sílvia Secretária",
    "secretaria",
  );
  await secretaria.goto("/admin/enrollments");
  await (await rowOf(secretaria, student.name)).getByRole("button", { name: `Aprovar ${student.name}` }).click();
  const approveEnrolment = secretaria.getByRole("dialog", { name: "Aprovar inscrição" });
  const codeField = approveEnrolment.getByLabel(/^Código de referência/);
  await expect(codeField).not.toHaveValue("");
  const code = await codeField.inputValue();
  await approveEnrolment.getByLabel("Documentação completa e válida").check();
  await approveEnrolment.getByLabel("Dados pessoais conferidos").check();
  await approveEnrolment.getByRole("button", { name: "Aprovar inscrição" }).click();
  await expect(approveEnrolment.getByText(code)).toBeVisible();

  // A secretaria user cannot open Comprovantes nor Financeiro, nor read their API.
  const nav = secretaria.getByRole("navigation", { name: "Menu de administração" });
  await expect(nav.getByRole("link", { name: "Comprovantes" })).toHaveCount(0);
  await secretaria.goto("/admin/payment-receipts");
  await expect(secretaria).toHaveURL(/\/admin$/);
  await expect(secretaria.getByRole("heading", { name: "Gestão de Comprovantes de Pagamento" })).toHaveCount(0);
  expect((await secretaria.request.get("/api/admin/receipts")).status()).toBe(403);
  expect((await secretaria.request.get("/api/admin/payments")).status()).toBe(403);

  // The student sends a receipt of 5 000 Kz more than the price.
  const sent = await student.context.request.post("/api/receipts/mine", {
    headers: { origin: baseURL! },
    multipart: {
      enrollmentId: student.enrollmentId,
      paidAmount: String(paid),
      paymentDate: today(),
      file: { name: "talao.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // Finance sees the divergence and approves.
  const fin = await staffPage(
    browser,
    baseURL!,
    "fin.fin@instituto.ao",
    "finfin123",
    "Fernando Financeiro",
    "financeiro",
  );
  const revenueBefore: number = (await (await fin.request.get("/api/dashboard")).json()).monthRevenue;
  await fin
    .getByRole("navigation", { name: "Menu de administração" })
    .getByRole("link", { name: "Comprovantes" })
    .click();
  await expect(fin.getByRole("heading", { name: "Gestão de Comprovantes de Pagamento", level: 1 })).toBeVisible();
  for (const card of ["Total", "Pendentes", "Aprovados", "Rejeitados", "Total Validado", "Aguardando Validação"]) {
    await expect(fin.getByRole("region", { name: card, exact: true })).toBeVisible();
  }
  await expect(fin.getByLabel("Pesquisar", { exact: true })).toHaveAttribute(
    "placeholder",
    "Pesquisar por aluno ou código...",
  );
  const row = await rowOf(fin, code); // the search finds the reference code
  await expect(row).toContainText(student.name);
  await expect(row).toContainText(kz(paid));
  await expect(row).toContainText(kz(price));
  await expect(row).toContainText(kz(5000, "+"));
  await expect(row).toContainText("Pendente");
  await row.getByRole("button", { name: `Ver ${student.name}` }).click();
  const view = fin.getByRole("dialog", { name: "Detalhes do comprovante" });
  await expect(view.getByText(/Verifique com o aluno antes de aprovar/)).toBeVisible();
  await expect(view.getByRole("img", { name: `Comprovante de ${student.name}` })).toBeVisible();
  await fin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await fin.screenshot({ path: `${SHOTS}/receipt-view-1280.png` });
  await view.getByRole("button", { name: "Aprovar" }).click();
  const confirm = fin.getByRole("dialog", { name: "Aprovar comprovante" });
  await expect(confirm.getByText(/o aluno é matriculado automaticamente/)).toBeVisible();
  await confirm.getByRole("button", { name: "Aprovar e matricular" }).dblclick();
  await expect(fin.getByText("Pagamento aprovado, registro criado e aluno matriculado!")).toBeVisible();
  await expect((await rowOf(fin, student.name)).getByText("Aprovado")).toBeVisible();
  await expect((await rowOf(fin, student.name)).getByRole("button", { name: `Aprovar ${student.name}` })).toHaveCount(
    0,
  );

  // The enrolment is 'Matriculado'.
  await fin.goto("/admin/enrollments");
  await expect((await rowOf(fin, student.name)).getByText("Matriculado")).toBeVisible();

  // One payment in 'Financeiro', filtered by today and the receipt's method.
  await fin.goto("/admin/financial");
  await expect(fin.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible();
  await fin.getByLabel("De", { exact: true }).fill(today());
  await fin.getByRole("combobox", { name: "Método" }).click();
  await fin.getByRole("option", { name: "Transferência Bancária" }).click();
  const payment = await rowOf(fin, student.name);
  await expect(payment).toContainText(kz(paid));
  await expect(payment).toContainText("Transferência Bancária");
  await expect(payment).toContainText("Confirmado");
  await payment.getByRole("button", { name: `Ver ${student.name}` }).click();
  const paymentView = fin.getByRole("dialog", { name: "Detalhes do pagamento" });
  await expect(paymentView.getByText(`Pagamento validado. Ref: ${code}`)).toBeVisible();
  await fin.keyboard.press("Escape");
  await expect(paymentView).toBeHidden();

  // The export of the filtered list holds that row.
  const csvDownload = fin.waitForEvent("download");
  await fin.getByRole("link", { name: "Exportar CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = readFileSync((await csv.path())!, "utf8");
  expect(csvText).toContain(student.name);
  expect(csvText).toContain(code);
  const xlsxDownload = fin.waitForEvent("download");
  await fin.getByRole("link", { name: "Exportar Excel" }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    readFileSync((await xlsx.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK"); // a zip, as XLSX is

  // The dashboard's month revenue includes it.
  await fin.goto("/admin");
  await expect(fin.getByRole("region", { name: "Receita do mês" })).toContainText(kz(revenueBefore + paid));

  await student.context.close();
  await secretaria.context().close();
  await fin.context().close();
});

test("screenshots of 'Comprovantes' and 'Financeiro' on a phone and a laptop", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const student = await applicant(browser, baseURL!, "Igor Fotografia Cambuta", "923300302");
  const admin = await staffPage(
    browser,
    baseURL!,
    "fin.fotos@instituto.ao",
    "fotos1234",
    "Filipa Fotos",
    "super_admin",
  );
  const approved = await admin.request.post(`/api/admin/enrollments/${student.enrollmentId}/approve`, {
    headers: { origin: baseURL! },
    data: { referenceCode: "FOTOS-13", documentsChecked: true, personalDataChecked: true },
  });
  expect(approved.status()).toBe(200);
  const sent = await student.context.request.post("/api/receipts/mine", {
    headers: { origin: baseURL! },
    multipart: {
      enrollmentId: student.enrollmentId,
      paidAmount: "1000",
      paymentDate: today(),
      file: { name: "talao.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await admin.goto("/admin/payment-receipts");
    await expect(admin.getByText(student.name).first()).toBeVisible();
    await admin.screenshot({ path: `${SHOTS}/receipts-list-${width}.png`, fullPage: true });
    await admin
      .getByRole("button", { name: `Ver ${student.name}` })
      .first()
      .click();
    const view = admin.getByRole("dialog", { name: "Detalhes do comprovante" });
    await expect(view.getByRole("link", { name: "Abrir PDF" })).toBeVisible();
    await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await admin.screenshot({ path: `${SHOTS}/receipt-view-pdf-${width}.png` });
    await admin.keyboard.press("Escape");
    await admin
      .getByRole("button", { name: `Rejeitar ${student.name}` })
      .first()
      .click();
    const reject = admin.getByRole("dialog", { name: "Rejeitar comprovante" });
    await reject.getByRole("button", { name: "Rejeitar comprovante" }).click();
    await expect(reject.getByText("Indique o motivo da rejeição")).toBeVisible();
    await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await admin.screenshot({ path: `${SHOTS}/receipt-reject-${width}.png` });
    await admin.keyboard.press("Escape");
    await admin.goto("/admin/financial");
    await expect(admin.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible();
    await expect(admin.getByRole("region", { name: "Receita total" })).toContainText(/Kz/);
    await admin.screenshot({ path: `${SHOTS}/financial-${width}.png`, fullPage: true });
  }
  // Rejected with a reason: the student may send a new receipt.
  await admin.goto("/admin/payment-receipts");
  await admin
    .getByRole("button", { name: `Rejeitar ${student.name}` })
    .first()
    .click();
  const reject = admin.getByRole("dialog", { name: "Rejeitar comprovante" });
  await reject.getByLabel(/^Motivo da rejeição/).fill("O valor do talão não é legível");
  await reject.getByRole("button", { name: "Rejeitar comprovante" }).click();
  await expect(admin.getByText("Comprovante rejeitado. O aluno poderá enviar um novo.")).toBeVisible();
  await expect((await rowOf(admin, student.name)).getByText("Rejeitado")).toBeVisible();
  await student.context.close();
  await admin.context().close();
});
