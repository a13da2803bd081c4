import { createHmac } from "node:crypto";
import { type Browser, expect, test } from "@playwright/test";
import { violations } from "./support/axe";
import { kz } from "./support/fixtures";
import {
  MULTICAIXA_API_KEY as API_KEY,
  approvedWithReference,
  MULTICAIXA_ENTITY as ENTITY,
  type MulticaixaServer,
  paymentsOf,
  startMulticaixaServer,
} from "./support/multicaixa-server";
import { rowOf, settled, sidewaysScrollers } from "./support/table";

/**
 * Issue 26, 'Done when': Multicaixa references against the ProxyPay simulator. This spec runs its own
 * server (the production build) with references on, beside the simulator, so the shared e2e server
 * keeps the bank-transfer flow the other specs read. Approval → the student sees entity / reference /
 * amount on a 390 px phone → the simulator pays → 'Matriculado' within seconds and 'Multicaixa' in
 * Financeiro; five copies of one notification at once → one payment; a forged signature → 401; a
 * lost webhook → picked up by polling. A payment to an unknown reference waits in 'Pagamentos por
 * referência' until finance applies it to the enrolment (decision 077); a short one, applied or paid by
 * itself, leaves a balance the student is told of and finance decides (issue 34, decision 083).
 */

const ADMIN = { email: "multicaixa@instituto.ao", password: "multicaixa123", name: "Fátima Financeiro" };
let server: MulticaixaServer;
let base: string;
let sim: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startMulticaixaServer("multicaixa", ADMIN);
  ({ base, sim } = server);
});

test.afterAll(() => server.close());

const pay = (reference: string, deliver = true, amount?: string) => server.pay(reference, deliver, amount);

const approvedStudent = (browser: Browser, name: string, phone: string) =>
  approvedWithReference(browser, base, ADMIN, name, phone);

test("approval → entity, reference and amount on a phone → the simulator pays → 'Matriculado' and 'Multicaixa' in Financeiro", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = "Teresa Multicaixa Neto";
  const { page, staff, box, reference } = await approvedStudent(browser, name, "923600601");
  await expect(box.getByTestId("Entidade")).toHaveText(ENTITY);
  await expect(box.getByTestId("Montante")).toHaveText(/\d[\d\s\u00a0\u202f]*,00\s*Kz/);
  await expect(box.getByText(/Válida até/)).toBeVisible();
  // The receipt upload stays available as the other way.
  await expect(page.getByRole("region", { name: "Enviar comprovante" })).toBeVisible();
  // Nothing wider than the phone, and no WCAG 2.1 A/AA violation with the reference shown.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/shots26/student-reference-390.png", fullPage: true });

  // The staff's WhatsApp text carries the same reference, first (decision 077).
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.goto("/admin/enrollments");
  await (await rowOf(staff, name, "Marketing Digital")).getByRole("button", { name: `Ver ${name}` }).click();
  const whatsapp = staff.getByRole("dialog").getByRole("link", { name: "Enviar por WhatsApp" });
  const text = new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")!;
  expect(text).toContain(`Entidade: ${ENTITY}`);
  expect(text).toContain(`Referência: ${reference.replace(/(\d{3})(?=\d)/g, "$1 ")}`);
  expect(text.indexOf("Entidade")).toBeLessThan(text.indexOf("IBAN"));
  await staff.keyboard.press("Escape");

  expect((await pay(reference)).webhookStatus).toBe(200);
  await expect(
    page.getByRole("article", { name: "Inscrição: Marketing Digital" }).getByText("Matriculado", { exact: true }),
  ).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole("region", { name: "Pagar por referência Multicaixa" })).toHaveCount(0);

  await staff.goto("/admin/financial");
  const row = await rowOf(staff, name);
  await expect(row).toContainText("Multicaixa");
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.screenshot({ path: "/tmp/shots26/financeiro-1280.png", fullPage: true });
});

test("the same notification five times at once gives one payment; a forged signature gives 401 and changes nothing", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = "Rui Repetido Sebastião";
  const { staff, reference } = await approvedStudent(browser, name, "923600602");
  const { payment } = await pay(reference, false);
  const body = JSON.stringify(payment);
  const signature = createHmac("sha256", API_KEY).update(body).digest("hex");
  const send = (sig: string) =>
    fetch(`${base}/api/payment-references/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": sig },
      body,
    });

  const forged = await send(createHmac("sha256", "outra-chave-qualquer").update(body).digest("hex"));
  expect(forged.status).toBe(401);
  expect(await paymentsOf(staff, name)).toHaveLength(0);

  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send(signature)));
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  const payments = await paymentsOf(staff, name);
  expect(payments).toHaveLength(1);
  expect(payments[0]!.paymentMethodLabel).toBe("Multicaixa");
});

test("a payment whose webhook was lost is picked up by polling and acknowledged", async ({ browser }) => {
  test.setTimeout(120_000);
  const name = "Lúcia Perdida Domingos";
  const { page, staff, reference } = await approvedStudent(browser, name, "923600603");
  const { payment } = await pay(reference, false);
  await expect
    .poll(async () => (await paymentsOf(staff, name)).length, { timeout: 30_000, intervals: [1_000] })
    .toBe(1);
  await expect(page.getByText("Matriculado", { exact: true })).toBeVisible({ timeout: 10_000 });
  const acknowledged = async () =>
    ((await (await fetch(`${sim}/_sim/state`)).json()) as { acknowledged: number[] }).acknowledged;
  await expect.poll(acknowledged, { timeout: 15_000, intervals: [500] }).toContain(payment.id);
});

/** The course's price (what is due), and 5 000 Kz short of it as the simulator sends amounts. */
async function priceOf(staff: import("@playwright/test").Page) {
  const courses = (await (await staff.request.get("/api/courses/catalog")).json()) as { name: string; price: number }[];
  const price = courses.find((c) => c.name === "Marketing Digital")!.price;
  return { price, short: price - 5000, shortText: (price - 5000).toFixed(2) };
}

/** 'Valor pendente' as the server counts it now (the card shows the same). */
async function pendingValue(staff: import("@playwright/test").Page) {
  const res = await staff.request.get("/api/admin/payments?pageSize=1");
  return ((await res.json()) as { counts: { pendingValue: number } }).counts.pendingValue;
}

/** Financeiro's CSV export of `name`'s payments, its lines. */
async function exportedLines(staff: import("@playwright/test").Page, name: string) {
  const res = await staff.request.get(`/api/admin/payments/export?format=csv&q=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  return (await res.text()).split("\r\n").filter((l) => l.includes(name));
}

/** `name`'s row of Financeiro's payments (the page's other lists have their own search). */
async function paymentRow(staff: import("@playwright/test").Page, name: string) {
  const table = staff.getByRole("table", { name: "Pagamentos", exact: true });
  await staff.getByLabel("Pesquisar", { exact: true }).first().fill(name);
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  return row;
}

/** The enrolment's History as 'Inscrições' shows it (the view's 'Histórico' tab). */
async function history(staff: import("@playwright/test").Page, name: string) {
  await staff.goto("/admin/enrollments");
  await (await rowOf(staff, name, "Marketing Digital")).getByRole("button", { name: `Ver ${name}` }).click();
  const view = staff.getByRole("dialog");
  await view.getByRole("tab", { name: "Histórico" }).click();
  return view;
}

test("a payment of an unknown reference applied to an enrolment: the difference shown, finance chooses to wait → 'Pagamento parcial', counted; the balance paid → 'Matriculado'", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const name = "Vera Valor Errado";
  const { page, staff, reference } = await approvedStudent(browser, name, "923600604");
  // 5 000 short of the price, paid to a reference the portal does not know (a typo at the ATM): it waits for finance.
  const stray = "923600604";
  const { price, short, shortText } = await priceOf(staff);
  expect((await pay(stray, true, shortText)).webhookStatus).toBe(200);
  await expect(page.getByText("Matriculado", { exact: true })).toHaveCount(0);

  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.goto("/admin/financial");
  const section = staff.getByRole("region", { name: "Pagamentos por referência" });
  await expect(section).toBeVisible();
  const formatted = stray.replace(/(\d{3})(?=\d)/g, "$1 ");
  const apply = section.getByRole("button", { name: `Aplicar à inscrição ${formatted}` });
  await expect(apply).toBeVisible();
  await expect(section.getByText("Referência desconhecida")).toBeVisible();
  expect(await violations(staff)).toEqual([]);
  await section.screenshot({ path: "/tmp/shots26/pagamentos-por-referencia-1280.png" });
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(section.getByRole("button", { name: `Aplicar à inscrição ${formatted}` })).toBeVisible();
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(staff)).toEqual([]);
  await section.screenshot({ path: "/tmp/shots26/pagamentos-por-referencia-390.png" });
  await staff.setViewportSize({ width: 1280, height: 800 });
  const pendingBefore = await pendingValue(staff);

  await section.getByRole("button", { name: `Aplicar à inscrição ${formatted}` }).click();
  const dialog = staff.getByRole("dialog", { name: "Aplicar à inscrição" });
  await dialog.getByLabel("Pesquisar inscrição").fill(name);
  await dialog.getByRole("radio", { name: `${name} — Marketing Digital` }).check();
  // What the enrolment owes beside what was paid, and the difference: finance must choose.
  const owed = dialog.getByRole("region", { name: "Valor em dívida" });
  await expect(owed).toContainText(/Pagamento inferior ao valor em dívida: faltam 5\s000,00\s*Kz/);
  await expect(owed).toContainText(kz(price));
  await expect(owed).toContainText(kz(short));
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  await expect(dialog.getByText("Escolha se a inscrição aguarda o saldo ou se aceita a diferença")).toBeVisible();
  await dialog.getByRole("radio", { name: "Manter a inscrição à espera do saldo" }).check();
  await settled(staff);
  expect(await violations(staff)).toEqual([]);
  await staff.screenshot({ path: "/tmp/shots34/finance-choice-1280.png" });
  // A phone as tall as the dialog: the whole choice in one picture.
  await staff.setViewportSize({ width: 390, height: 1300 });
  await settled(staff);
  expect(await violations(staff)).toEqual([]);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await staff.screenshot({ path: "/tmp/shots34/finance-choice-390.png" });
  await staff.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByText("Pagamento aplicado: a inscrição aguarda o saldo")).toBeVisible();

  // Not enrolled: 'Pagamento parcial', 5 000 counted in 'Valor pendente' and listed as owed.
  await expect(staff.getByRole("region", { name: "Valor pendente" })).toContainText(kz(pendingBefore + 5000));
  const balances = staff.getByRole("region", { name: "Saldos em falta" });
  await expect(balances.getByRole("row", { name: new RegExp(name) })).toContainText(kz(5000));
  await expect(await paymentRow(staff, name)).toContainText(/Faltavam 5\s000,00\s*Kz/);
  expect(await exportedLines(staff, name)).toEqual([expect.stringMatching(/;Faltavam 5\s000,00\s*Kz;$/)]);
  const view = await history(staff, name);
  await expect(view.getByText(/Faltam 5\s000,00\s*Kz de [\d\s]+,00\s*Kz: a inscrição aguarda o saldo/)).toBeVisible();
  await staff.keyboard.press("Escape");

  // The student is told what arrived and what is missing; a new reference for the balance replaces the old.
  const card = page.getByRole("article", { name: "Inscrição: Marketing Digital" });
  await expect(card.getByText("Pagamento parcial", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText(new RegExp(`Recebemos ${kz(short).source} de ${kz(price).source}`))).toBeVisible();
  const box = card.getByRole("region", { name: "Pagar por referência Multicaixa" });
  await expect(box.getByTestId("Montante")).toHaveText(kz(5000), { timeout: 20_000 });
  const balanceReference = (await box.getByTestId("Referência Multicaixa").textContent())!.replace(/\s/g, "");
  expect(balanceReference).not.toBe(reference);
  expect((await pay(balanceReference, true, "5000.00")).webhookStatus).toBe(200);
  await expect(card.getByText("Matriculado", { exact: true })).toBeVisible({ timeout: 10_000 });
  expect(await pendingValue(staff)).toBe(pendingBefore);
  // Under 'Aplicados à mão' with who applied it.
  await staff.goto("/admin/financial");
  await staff.getByRole("combobox", { name: "Mostrar" }).click();
  await staff.getByRole("option", { name: /^Aplicados à mão/ }).click();
  await expect(section.getByText(`Aplicado a ${name}`)).toBeVisible();
});

test("a short Multicaixa payment is told to the student; finance accepts the difference with a reason, kept in History, Financeiro and its export", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const name = "Sara Saldo Curto";
  const { page, staff, reference } = await approvedStudent(browser, name, "923600605");
  await staff.setViewportSize({ width: 1280, height: 800 });
  const pendingBefore = await pendingValue(staff);
  const { price, short, shortText } = await priceOf(staff);
  expect((await pay(reference, true, shortText)).webhookStatus).toBe(200);

  // The student, on a phone: what arrived, what is missing, how to pay it, and the payment listed.
  const card = page.getByRole("article", { name: "Inscrição: Marketing Digital" });
  await expect(card.getByText("Pagamento parcial", { exact: true })).toBeVisible({ timeout: 10_000 });
  const notice = card.getByRole("alert");
  await expect(notice).toContainText(/Falta pagar 5\s000,00\s*Kz/);
  await expect(notice).toContainText(new RegExp(`Recebemos ${kz(short).source} de ${kz(price).source}`));
  await expect(notice).toContainText(/com o código de referência MC-0605 na descrição/);
  const box = card.getByRole("region", { name: "Pagar por referência Multicaixa" });
  await expect(box.getByTestId("Montante")).toHaveText(kz(5000), { timeout: 20_000 });
  await expect(notice).toContainText(/Pague a nova referência Multicaixa abaixo, de 5\s000,00\s*Kz/);
  const received = page.getByRole("region", { name: "Pagamentos recebidos" });
  await expect(received.getByRole("listitem")).toHaveCount(1);
  await expect(received.getByRole("listitem")).toContainText(new RegExp(`Multicaixa.*${kz(short).source}`));
  // Two names, two things: the Multicaixa reference and the transfer's code.
  await expect(box.getByText("Referência Multicaixa", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Dados para pagamento" }).getByText("Código de referência", { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/shots34/student-partial-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/shots34/student-partial-1280.png", fullPage: true });

  // Finance: counted in 'Valor pendente', listed in 'Saldos em falta'; accepting needs a reason.
  await staff.goto("/admin/financial");
  await expect(staff.getByRole("region", { name: "Valor pendente" })).toContainText(kz(pendingBefore + 5000));
  const balances = staff.getByRole("region", { name: "Saldos em falta" });
  await expect(balances.getByRole("button", { name: `Aceitar diferença de ${name}` })).toBeVisible();
  await staff.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysScrollers(staff)).toEqual([]);
  expect(await violations(staff)).toEqual([]);
  await balances.screenshot({ path: "/tmp/shots34/balances-390.png" });
  await staff.setViewportSize({ width: 1280, height: 800 });
  await balances.getByRole("button", { name: `Aceitar diferença de ${name}` }).click();
  const accept = staff.getByRole("dialog", { name: "Aceitar diferença" });
  await expect(accept).toContainText(/faltam 5\s000,00\s*Kz/);
  await accept.getByRole("button", { name: "Aceitar e matricular" }).click();
  await expect(accept.getByText("Indique o motivo para aceitar a diferença")).toBeVisible();
  await accept.getByLabel(/^Motivo da diferença aceita/).fill("Comissão do banco descontada ao aluno");
  await settled(staff);
  expect(await violations(staff)).toEqual([]);
  await staff.screenshot({ path: "/tmp/shots34/accept-difference-1280.png" });
  await accept.getByRole("button", { name: "Aceitar e matricular" }).dblclick();
  await expect(staff.getByText("Diferença aceita: o aluno está matriculado")).toBeVisible();
  expect(await pendingValue(staff)).toBe(pendingBefore);

  // Kept: the Financeiro row, its details and the export; History.
  const row = await paymentRow(staff, name);
  await expect(row).toContainText(/Diferença aceita: 5\s000,00\s*Kz/);
  await row.getByRole("button", { name: `Ver ${name}` }).click();
  await expect(staff.getByRole("dialog", { name: "Detalhes do pagamento" })).toContainText(
    /Comissão do banco descontada ao aluno \(Fátima Financeiro/,
  );
  await staff.keyboard.press("Escape");
  expect(await exportedLines(staff, name)).toEqual([
    expect.stringMatching(/;Diferença aceita: 5\s000,00\s*Kz;Comissão do banco descontada ao aluno$/),
  ]);
  const view = await history(staff, name);
  await expect(view.getByText(/Diferença de 5\s000,00\s*Kz aceita como paga: Comissão do banco/)).toBeVisible();
  await expect(page.getByText("Matriculado", { exact: true })).toBeVisible({ timeout: 10_000 });
});
