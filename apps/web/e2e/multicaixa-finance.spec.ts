import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { violations } from "./support/axe";
import {
  approvedWithReference,
  type MulticaixaServer,
  paymentsOf,
  startMulticaixaServer,
} from "./support/multicaixa-server";
import { screenshotsAtBothWidths } from "./support/screens";
import { settled, sidewaysScrollers } from "./support/table";

/**
 * Issue 34 (decision 084), with references on and then off, on a server of its own beside the ProxyPay
 * simulator: finance sees how many reference payments wait (a card on the Painel, a badge in the menu, a
 * dot on the phone's menu button) and acts on them with buttons in words at 390 px; and with PROXYPAY_*
 * unset after a reference was issued, the student is told not to pay it, a payment made to it anyway
 * is refused unrecorded, waits at the provider, and is recorded once references are on again.
 */

const ADMIN = { email: "referencias@instituto.ao", password: "referencias123", name: "Filomena Finanças" };
let server: MulticaixaServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startMulticaixaServer("multicaixa-finance", ADMIN);
});

test.afterAll(() => server.close());

const approvedStudent = (browser: Browser, name: string, phone: string) =>
  approvedWithReference(browser, server.base, ADMIN, name, phone);
const spaced = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, "$1 ");
const shot = (name: string) => path.join(import.meta.dirname, ".artifacts/screens", `${name}.png`);
const WAITING_ONE = "1 pagamento por referência por resolver";

/** The Painel's card of reference payments waiting for finance. */
const waitingCard = (page: Page) => page.getByRole("region", { name: "Pagamentos por referência", exact: true });

test("the Painel and the menu show how many reference payments wait; the row's actions are words on a phone", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const name = "Quitéria Valor Curto";
  const { staff, reference } = await approvedStudent(browser, name, "923340201");
  // Paid, then paid again: the second payment has no enrolment awaiting it and waits for finance (a short
  // payment of an enrolment that awaits one is recorded instead: decision 083).
  expect((await server.pay(reference)).webhookStatus).toBe(200);
  expect((await server.pay(reference, true, "1000.00")).webhookStatus).toBe(200);

  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.goto("/admin");
  await expect(waitingCard(staff)).toContainText("1");
  await expect(waitingCard(staff)).toContainText("Por resolver: aplicar à inscrição ou arquivar");
  const menu = staff.getByRole("navigation", { name: "Menu de administração" });
  const financeiro = menu.getByRole("link", { name: "Financeiro", exact: true });
  await expect(financeiro).toHaveAccessibleDescription(WAITING_ONE);
  await expect(financeiro).toContainText("1");
  expect(await violations(staff)).toEqual([]);
  await screenshotsAtBothWidths(staff, "painel-reference-payments");

  // On a phone the menu is behind its button, which carries a dot and says why.
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.getByRole("button", { name: `Abrir menu (${WAITING_ONE})` }).click();
  await expect(staff.getByRole("dialog").getByRole("link", { name: "Financeiro", exact: true })).toContainText("1");
  expect(await violations(staff)).toEqual([]);
  await staff.keyboard.press("Escape");
  await expect(staff.getByRole("dialog")).toHaveCount(0);

  // The card leads to the section, brought into view; its actions are words, not bare icons.
  await waitingCard(staff).getByRole("link", { name: "Resolver em Financeiro" }).click();
  await expect(staff).toHaveURL(/\/admin\/financial#pagamentos-por-referencia$/);
  const section = staff.getByRole("region", { name: "Pagamentos por referência" });
  await expect(section.getByRole("heading", { name: "Pagamentos por referência" })).toBeInViewport();
  const apply = section.getByRole("button", { name: `Aplicar à inscrição ${spaced(reference)}` });
  const archive = section.getByRole("button", { name: `Arquivar ${spaced(reference)}` });
  await expect(apply).toHaveText("Aplicar à inscrição");
  await expect(archive).toHaveText("Arquivar");
  await expect(apply).toBeInViewport();
  await expect(archive).toBeInViewport();
  // Below the reference on the phone's card, not over it.
  const title = (await section.getByText(`${spaced(reference)}`).boundingBox())!;
  expect((await apply.boundingBox())!.y).toBeGreaterThanOrEqual(title.y + title.height);
  expect(await sidewaysScrollers(staff)).toEqual([]);
  expect(await violations(staff)).toEqual([]);
  await settled(staff);
  await section.screenshot({ path: shot("reference-payments-actions-390") });
  await staff.setViewportSize({ width: 1280, height: 800 });
  await expect(apply).toHaveText("Aplicar à inscrição");
  await section.screenshot({ path: shot("reference-payments-actions-1280") });

  // Settled: the count goes with it, in the menu and on the Painel.
  await archive.click();
  const dialog = staff.getByRole("dialog", { name: "Arquivar pagamento por referência" });
  await dialog.getByLabel(/^Motivo/).fill("Devolvido ao pagador");
  await dialog.getByRole("button", { name: "Arquivar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(financeiro).not.toHaveAccessibleDescription(WAITING_ONE);
  await expect(financeiro).not.toContainText("1");
  await menu.getByRole("link", { name: "Painel" }).click();
  await expect(waitingCard(staff)).toContainText("Nenhum por resolver");
});

test("references switched off with a reference issued: the student is told not to pay it; paid anyway, it is recorded once references are on again", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const name = "Rosalina Referência Suspensa";
  const { page, staff, reference } = await approvedStudent(browser, name, "923340202");

  // The operator unsets PROXYPAY_* and restarts.
  await server.restart("off");
  await page.reload();
  const article = page.getByRole("article", { name: "Inscrição: Marketing Digital" });
  const suspended = article.getByRole("region", { name: "Pagamento por referência Multicaixa suspenso" });
  await expect(suspended).toContainText(`Não pague a referência ${spaced(reference)}`);
  await expect(suspended).toContainText("Pague por transferência bancária com o código de referência");
  await expect(suspended).toContainText("Se já pagou esta referência, envie o comprovante do Multicaixa");
  await expect(page.getByRole("region", { name: "Pagar por referência Multicaixa" })).toHaveCount(0);
  await expect(page.getByText(/concluída sozinha/)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Enviar comprovante" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(page)).toEqual([]);
  await screenshotsAtBothWidths(page, "student-reference-suspended");

  // Finance and the director read it on the Painel.
  await staff.goto("/admin");
  await expect(staff.getByText("Pagamento por referência Multicaixa desligado")).toBeVisible();
  await expect(staff.getByText(/referências? emitidas? antes ainda/)).toBeVisible();
  expect(await violations(staff)).toEqual([]);
  await screenshotsAtBothWidths(staff, "painel-references-off");

  // The student pays it at an ATM anyway: the webhook is refused, nothing is recorded.
  const { payment, webhookStatus } = await server.pay(reference);
  expect(webhookStatus).toBe(503);
  const state = async () =>
    (await (await fetch(`${server.sim}/_sim/state`)).json()) as { payments: { id: number }[]; acknowledged: number[] };
  expect((await state()).payments.map((p) => p.id)).toContain(payment.id);
  expect(await paymentsOf(staff, name)).toHaveLength(0);
  await page.reload();
  await expect(suspended).toBeVisible();
  await expect(article.getByText("Matriculado", { exact: true })).toHaveCount(0);

  // References on again: the poll finds the payment waiting at the provider and records it, once.
  await server.restart("on");
  await page.reload();
  await expect(article.getByText("Matriculado", { exact: true })).toBeVisible({ timeout: 60_000 });
  const payments = await paymentsOf(staff, name);
  expect(payments).toHaveLength(1);
  expect(payments[0]!.paymentMethodLabel).toBe("Multicaixa");
  await expect.poll(async () => (await state()).acknowledged, { timeout: 15_000 }).toContain(payment.id);
});
