import { mkdirSync } from "node:fs";
import { type Browser, expect, test } from "@playwright/test";
import { COURSE, drawnPicture, PNG, today } from "./support/fixtures";
import { signedInStaff } from "./support/sign-in";
import { applicant, approveThroughApi, sendReceipt } from "./support/students";
import { rowOf } from "./support/table";

/**
 * Issue 13, the student's side: an approved enrolment (made and approved through the API, as the
 * enrolment form and 'Inscrições' would) is paid on /aluno/pagamento — a phone photo of the transfer
 * slip, compressed in the browser, and an amount that differs from the price (a warning, not a block).
 * The history shows it 'Pendente'; after finance rejects it, the reason shows and the form is back.
 */

const SHOTS = "/tmp/shots13";

/** A student with a pre-enrolment in COURSE, approved with `code` by a super admin; both signed in. */
async function approvedStudent(
  browser: Browser,
  baseURL: string,
  code: string,
  who = { name: "Paulo Comprovante Kiala", phone: "923400401" },
) {
  const student = await applicant(browser, baseURL, who.name, who.phone);
  const staff = await signedInStaff(browser, baseURL, {
    email: "recibos@instituto.ao",
    password: "recibos123",
    name: "Revisora de Recibos",
    role: "super_admin",
  });
  await approveThroughApi(staff.request, baseURL, student.enrollmentId, code);
  const courses: { name: string; price: number }[] = await (
    await student.page.request.get("/api/courses/catalog")
  ).json();
  return { page: student.page, staff, price: courses.find((c) => c.name === COURSE)!.price };
}

test("the student sends a receipt with a divergent amount: warned, sent, 'Pendente' in the history; after a rejection the reason and the form come back", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000); // the student, then finance, then Inscrições and the dashboard, then the student again
  mkdirSync(SHOTS, { recursive: true });
  const { page, staff, price } = await approvedStudent(browser, baseURL!, "RECIBO-P2");

  await page.goto("/aluno/pagamento");
  const form = page.getByRole("region", { name: "Enviar comprovante" });
  await expect(form).toBeVisible();
  await expect(form.getByRole("combobox", { name: /^Curso/ })).toHaveCount(0); // one payable enrolment
  await expect(form.getByTestId("Código de referência")).toHaveText("RECIBO-P2");
  await expect(form.getByText("Digite o valor exato que você pagou")).toBeVisible();

  const paid = price - 5000;
  await form.getByRole("textbox", { name: /^Valor pago/ }).fill(String(paid));
  await expect(form.getByText(/5\s000,00\s*Kz abaixo do valor do curso/)).toBeVisible();
  const date = form.getByLabel(/^Data do pagamento/);
  await expect(date).toHaveAttribute("max", today());
  await date.fill(today());
  await form.locator('input[type="file"]').setInputFiles({
    name: "talao.jpg",
    mimeType: "image/jpeg",
    // A phone photo of a transfer slip: 2400 px wide, so the browser shrinks it before the upload.
    buffer: await drawnPicture(page, {
      width: 2400,
      height: 1600,
      lines: ["COMPROVATIVO DE TRANSFERÊNCIA", "Valor: 145.000,00 Kz"],
      type: "image/jpeg",
    }),
  });
  await expect(form.getByText(/Imagem comprimida/)).toBeVisible({ timeout: 30_000 });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/student-receipt-form-${width}.png`, fullPage: true });
  }

  await form.getByRole("button", { name: "Enviar Comprovante" }).click();
  await expect(
    page.getByText("Comprovante enviado com sucesso! Aguarde a validação da equipe financeira."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Enviar comprovante" })).toHaveCount(0);
  const card = page.getByRole("article", { name: `Inscrição: ${COURSE}` });
  await expect(card.getByText("Comprovante enviado")).toBeVisible();
  await expect(card.getByText("Pagamento Enviado")).toBeVisible();

  const item = page.getByRole("listitem", { name: `Comprovante: ${COURSE}` });
  await expect(item).toHaveCount(1);
  await expect(item.getByText("Pendente", { exact: true })).toBeVisible();
  await expect(item.getByText(/Enviado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)).toBeVisible();
  const file = item.getByRole("link", { name: /^Ver Arquivo/ });
  await expect(file).toHaveAttribute("target", "_blank");
  const opened = await page.request.get((await file.getAttribute("href"))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/jpeg"); // the compressed photo was stored
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/student-receipt-pending-${width}.png`, fullPage: true });
  }

  const mine: { id: string; enrollmentId: string; paidAmount: number }[] = await (
    await page.request.get("/api/me/receipts")
  ).json();
  expect(mine).toHaveLength(1);
  expect(mine[0]!.paidAmount).toBe(paid);
  // A second receipt for the same enrolment while one is pending is refused by the server too.
  const again = await sendReceipt(page.request, baseURL!, mine[0]!.enrollmentId, String(price));
  expect(again.status()).toBe(409);

  // Finance rejects it: the student reads why, and may send a new one.
  const rejected = await staff.request.post(`/api/admin/receipts/${mine[0]!.id}/reject`, {
    headers: { origin: baseURL! },
    data: { reason: "O valor não corresponde ao preço do curso" },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await page.reload();
  // The enrolment no longer reads 'Pagamento Enviado': its status says it awaits a new receipt, above
  // the red alert with the reason (decision 024).
  await expect(card.getByText("Pagamento Enviado")).toHaveCount(0);
  await expect(card.getByText("Comprovante rejeitado", { exact: true })).toHaveCount(2);
  await expect(card.getByText("O valor não corresponde ao preço do curso")).toBeVisible();
  await expect(page.getByRole("region", { name: "Enviar comprovante" })).toBeVisible();
  await expect(item.getByText("Rejeitado", { exact: true })).toBeVisible();
  await expect(item.getByText(/Motivo da rejeição/)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/student-receipt-rejected-${width}.png`, fullPage: true });
  }

  // Staff tell this student from those awaiting validation: the status filter and card on 'Inscrições',
  // and the dashboard's count.
  await staff.goto("/admin");
  await expect(staff.getByRole("region", { name: "Aguardam novo comprovante" })).toContainText(/[1-9]/);
  await staff.goto("/admin/enrollments");
  await expect(staff.getByRole("region", { name: "Comprovante rejeitado" })).toContainText(/[1-9]/);
  await staff.getByRole("combobox", { name: "Estado" }).click();
  await staff.getByRole("option", { name: "Comprovante rejeitado", exact: true }).click();
  const row = await rowOf(staff, "Paulo Comprovante Kiala", COURSE);
  await expect(row).toContainText("Comprovante rejeitado");
  await expect(staff.getByRole("row", { name: /Pagamento Enviado/ })).toHaveCount(0);

  // A new receipt: 'Pagamento Enviado' again, waiting for finance.
  expect((await sendReceipt(page.request, baseURL!, mine[0]!.enrollmentId, String(price))).status()).toBe(201);
  await page.reload();
  await expect(card.getByText("Pagamento Enviado")).toBeVisible();
  await expect(card.getByText("Comprovante enviado")).toBeVisible();
});

test("on a phone the receipt toast leaves the header's 'Sair' clickable", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { page } = await approvedStudent(browser, baseURL!, "RECIBO-SAIR", {
    name: "Sara Telemóvel Kiala",
    phone: "923400402",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/aluno/pagamento");
  const form = page.getByRole("region", { name: "Enviar comprovante" });
  await form.getByRole("textbox", { name: /^Valor pago/ }).fill("150.000");
  await form.getByLabel(/^Data do pagamento/).fill(today());
  await form.locator('input[type="file"]').setInputFiles({ name: "talao.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Enviar Comprovante" }).click();
  const toast = page.getByText("Comprovante enviado com sucesso! Aguarde a validação da equipe financeira.");
  await expect(toast).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/student-receipt-toast-390.png` });

  // The toast shows for 6 s; 'Sair' takes a click at once (a covered button would wait for the toast to go).
  const signOut = page.getByRole("button", { name: "Sair" });
  await signOut.click({ trial: true, timeout: 1_500 });
  await expect(toast).toBeVisible(); // still there: nothing waited for it to close
  await signOut.click({ timeout: 1_500 });
  await expect(page).toHaveURL(/\/login-aluno/);
});
