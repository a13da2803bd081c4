import { createHmac } from "node:crypto";
import { type Browser, expect, test } from "@playwright/test";
import { violations } from "./support/axe";
import {
  MULTICAIXA_API_KEY as API_KEY,
  approvedWithReference,
  MULTICAIXA_ENTITY as ENTITY,
  type MulticaixaServer,
  paymentsOf,
  startMulticaixaServer,
} from "./support/multicaixa-server";
import { rowOf } from "./support/table";

/**
 * Issue 26, 'Done when': Multicaixa references against the ProxyPay simulator. This spec runs its own
 * server (the production build) with references on, beside the simulator, so the shared e2e server
 * keeps the bank-transfer flow the other specs read. Approval → the student sees entity / reference /
 * amount on a 390 px phone → the simulator pays → 'Matriculado' within seconds and 'Multicaixa' in
 * Financeiro; five copies of one notification at once → one payment; a forged signature → 401; a
 * lost webhook → picked up by polling. A wrong amount waits in 'Pagamentos por referência' until finance
 * applies it to the enrolment (decision 077).
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

test("a wrong amount waits in 'Pagamentos por referência'; finance applies it to the enrolment → 'Matriculado'", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = "Vera Valor Errado";
  const { page, staff, reference } = await approvedStudent(browser, name, "923600604");
  expect((await pay(reference, true, "1000.00")).webhookStatus).toBe(200);
  await expect(page.getByText("Matriculado", { exact: true })).toHaveCount(0);

  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.goto("/admin/financial");
  const section = staff.getByRole("region", { name: "Pagamentos por referência" });
  await expect(section).toBeVisible();
  const formatted = reference.replace(/(\d{3})(?=\d)/g, "$1 ");
  const apply = section.getByRole("button", { name: `Aplicar à inscrição ${formatted}` });
  await expect(apply).toBeVisible();
  await expect(section.getByText("Valor diferente do devido")).toBeVisible();
  expect(await violations(staff)).toEqual([]);
  await section.screenshot({ path: "/tmp/shots26/pagamentos-por-referencia-1280.png" });
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(section.getByRole("button", { name: `Aplicar à inscrição ${formatted}` })).toBeVisible();
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(staff)).toEqual([]);
  await section.screenshot({ path: "/tmp/shots26/pagamentos-por-referencia-390.png" });
  await staff.setViewportSize({ width: 1280, height: 800 });

  await section.getByRole("button", { name: `Aplicar à inscrição ${formatted}` }).click();
  const dialog = staff.getByRole("dialog", { name: "Aplicar à inscrição" });
  // The reference's student is searched already.
  await expect(dialog.getByLabel("Pesquisar inscrição")).toHaveValue(name);
  await dialog.getByRole("radio", { name: `${name} — Marketing Digital` }).check();
  expect(await violations(staff)).toEqual([]);
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByText("Pagamento aplicado: o aluno está matriculado")).toBeVisible();

  await expect(page.getByText("Matriculado", { exact: true })).toBeVisible({ timeout: 10_000 });
  const payments = await paymentsOf(staff, name);
  expect(payments).toHaveLength(1);
  expect(payments[0]!.paymentMethodLabel).toBe("Multicaixa");
  // Under 'Aplicados à mão' with who applied it.
  await staff.getByRole("combobox", { name: "Mostrar" }).click();
  await staff.getByRole("option", { name: /^Aplicados à mão/ }).click();
  await expect(section.getByText(`Aplicado a ${name}`)).toBeVisible();
});
