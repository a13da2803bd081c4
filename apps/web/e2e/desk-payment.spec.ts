import path from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { kz } from "./support/fixtures";
import { approvedWithReference, type MulticaixaServer, startMulticaixaServer } from "./support/multicaixa-server";
import { lookAt } from "./support/screens";
import { signInStaff } from "./support/sign-in";
import { userContext } from "./support/students";
import { rowOf, settled } from "./support/table";

/**
 * Issue 34, decision 088: the desk's 'Confirmar pagamento' under the one payment rule. The secretariat is
 * proposed what the enrolment still owes; a short amount asks the same choice as every other way of
 * recording money (wait for the balance, or accept the difference with a reason); a balance left by a
 * Multicaixa payment is proposed and enrols. 'Renovar referência Multicaixa' says what the student gets,
 * with and without an e-mail. Its own server with references on (the Multicaixa specs' support).
 */

const ADMIN = { email: "balcao.admin@instituto.ao", password: "balcao123", name: "Benedita Balcão" };
const DESK = { email: "balcao.secretaria@instituto.ao", password: "balcao123", name: "Sílvia Secretaria" };
const COURSE = "Marketing Digital";
const CLASS = "Marketing Digital — Turma Online";
let server: MulticaixaServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startMulticaixaServer("desk", ADMIN);
  server.createStaff({ ...DESK, role: "secretaria" });
});

test.afterAll(() => server.close());

/** The secretariat signed in on 'Inscrições', at a laptop's width. */
async function desk(browser: Browser): Promise<Page> {
  const page = await (await userContext(browser, server.base)).newPage();
  await signInStaff(page, DESK.email, DESK.password);
  await expect(page.getByTestId("role-label")).toHaveText("Secretaria");
  await page.goto("/admin/enrollments");
  return page;
}

async function priceOf(page: Page) {
  const courses = (await (await page.request.get("/api/courses/catalog")).json()) as { name: string; price: number }[];
  return courses.find((c) => c.name === COURSE)!.price;
}

/** 'Confirmar pagamento' on `name`'s row: the dialog once it shows what is owed. */
async function openPayment(page: Page, name: string) {
  await (await rowOf(page, name, COURSE)).getByRole("button", { name: `Confirmar pagamento de ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Pagamento e matrícula" });
  await expect(dialog.getByRole("region", { name: "Valor em dívida" })).toBeVisible();
  return dialog;
}

/** Picks `option` in the dialog's select named `field`. */
async function choose(page: Page, dialog: Locator, field: RegExp, option: RegExp | string) {
  await dialog.getByRole("combobox", { name: field }).click();
  await page.getByRole("option", { name: option }).click();
}

/** The whole dialog on a phone as tall as it (lookAt's 844 px shows part of it): a picture to look at. */
async function tallPhoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 1500 });
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(import.meta.dirname, ".artifacts/screens", `${name}-390-tall.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The enrolment's 'Histórico' tab. */
async function history(page: Page, name: string) {
  await (await rowOf(page, name, COURSE)).getByRole("button", { name: `Ver ${name}` }).click();
  const view = page.getByRole("dialog", { name: "Detalhes da inscrição" });
  await view.getByRole("tab", { name: "Histórico" }).click();
  return view;
}

/** 'Renovar referência Multicaixa' from the enrolment's details: its dialog. */
async function openRenewal(page: Page, name: string) {
  await (await rowOf(page, name, COURSE)).getByRole("button", { name: `Ver ${name}` }).click();
  const view = page.getByRole("dialog", { name: "Detalhes da inscrição" });
  await view.getByRole("button", { name: "Renovar referência Multicaixa" }).click();
  return page.getByRole("dialog", { name: "Renovar referência Multicaixa" });
}

test("a short payment at the desk: refused without a choice; waiting takes no class; the rest accepted with a reason enrols, kept in History", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = "Inês Balcão Mendes";
  const email = "ines.balcao@exemplo.ao";
  const { staff: admin } = await approvedWithReference(browser, server.base, ADMIN, name, "923700701", email);
  const page = await desk(browser);
  expect(await priceOf(page)).toBe(100000); // the demo course's price, which the amounts below follow

  // The renewal says where the new reference goes: the Área do Aluno and her e-mail (decision 088).
  const renewal = await openRenewal(page, name);
  await expect(renewal).toContainText(`vai também por e-mail para ${email}`);
  await lookAt(page, "desk-renew-reference-email", () => expect(renewal).toBeVisible());
  await renewal.getByRole("button", { name: "Cancelar" }).click();
  await page.keyboard.press("Escape");

  // What is owed is proposed: the whole price, nothing paid yet.
  let dialog = await openPayment(page, name);
  const amount = dialog.getByLabel(/^Valor pago/);
  await expect(amount).toHaveValue(/^100\s000,00$/);
  const owed = dialog.getByRole("region", { name: "Valor em dívida" });
  await expect(owed).toContainText("Valor exato: o aluno fica matriculado.");
  await amount.fill("60.000");
  await expect(owed).toContainText(/Pagamento inferior ao valor em dívida: faltam 40\s000,00\s*Kz/);
  await choose(page, dialog, /^Método de pagamento/, "Dinheiro");
  await dialog.getByRole("button", { name: "Confirmar e matricular" }).click();
  await expect(dialog.getByText("Escolha se a inscrição aguarda o saldo ou se aceita a diferença")).toBeVisible();

  // Waiting for the balance: no class yet, and the button says what happens.
  await dialog.getByRole("radio", { name: "Manter a inscrição à espera do saldo" }).check();
  await expect(dialog.getByRole("combobox", { name: /^Turma/ })).toHaveCount(0);
  await expect(
    dialog.getByText("Nenhuma turma por enquanto: a turma é escolhida quando o saldo for pago."),
  ).toBeVisible();
  await expect(dialog).toContainText(`O aluno recebe por e-mail, em ${email}`);
  await lookAt(page, "desk-payment-wait", () => expect(dialog).toBeVisible());
  await tallPhoneShot(page, "desk-payment-wait");
  await dialog.getByRole("button", { name: "Registrar e aguardar o saldo" }).dblclick();
  await expect(page.getByText(/^Pagamento registrado: a inscrição aguarda o saldo de 40\s000,00\s*Kz$/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect((await rowOf(page, name, COURSE)).getByText("Pagamento parcial")).toBeVisible();
  const recorded = async () =>
    (
      (await (await admin.request.get(`/api/admin/payments?q=${encodeURIComponent(name)}`)).json()) as {
        rows: { amount: number; status: string }[];
      }
    ).rows;
  expect(await recorded()).toEqual([expect.objectContaining({ amount: 60000, status: "confirmed" })]);

  // The rest at the desk: the balance proposed; 5 000 short, accepted with a reason, enrols in the class.
  dialog = await openPayment(page, name);
  await expect(dialog.getByLabel(/^Valor pago/)).toHaveValue(/^40\s000,00$/);
  await expect(owed).toContainText(kz(60000));
  await dialog.getByLabel(/^Valor pago/).fill("35.000");
  await dialog.getByRole("radio", { name: "Aceitar como pago na totalidade" }).check();
  await dialog.getByLabel(/^Motivo da diferença aceita/).fill("Desconto de irmãos");
  await choose(page, dialog, /^Método de pagamento/, "TPA");
  await choose(page, dialog, /^Turma/, new RegExp(CLASS));
  await lookAt(page, "desk-payment-accept", () => expect(dialog).toBeVisible());
  await tallPhoneShot(page, "desk-payment-accept");
  await dialog.getByRole("button", { name: "Confirmar e matricular" }).dblclick();
  await expect(page.getByText("Pagamento confirmado e aluno matriculado com sucesso!")).toBeVisible();
  await expect((await rowOf(page, name, COURSE)).getByText("Matriculado")).toBeVisible();
  expect((await recorded()).map((p) => p.amount).sort()).toEqual([35000, 60000]);

  const view = await history(page, name);
  await expect(view.getByText(/Faltam 40\s000,00\s*Kz de 100\s000,00\s*Kz: a inscrição aguarda o saldo/)).toBeVisible();
  await expect(
    view.getByText(/Turma: .*Diferença de 5\s000,00\s*Kz aceita como paga: Desconto de irmãos/),
  ).toBeVisible();
});

test("after a short Multicaixa payment the desk is proposed the balance, and paying it enrols", async ({ browser }) => {
  test.setTimeout(180_000);
  const name = "Kátia Misto Balcão";
  const { page: student, reference } = await approvedWithReference(browser, server.base, ADMIN, name, "923700702");
  const page = await desk(browser);
  const price = await priceOf(page);

  // No e-mail: the renewal promises none and says to send the reference by WhatsApp (decision 088).
  const renewal = await openRenewal(page, name);
  await expect(renewal).toContainText("O aluno não indicou e-mail: não recebe nenhum e-mail.");
  await expect(renewal).toContainText("Envie a nova referência por WhatsApp.");
  await expect(renewal).not.toContainText("vai também por e-mail");
  await lookAt(page, "desk-renew-reference-no-email", () => expect(renewal).toBeVisible());
  await renewal.getByRole("button", { name: "Cancelar" }).click();
  await page.keyboard.press("Escape");

  // The student pays 20 000 less by Multicaixa: the enrolment waits for the balance.
  expect((await server.pay(reference, true, (price - 20000).toFixed(2))).webhookStatus).toBe(200);
  const card = student.getByRole("article", { name: `Inscrição: ${COURSE}` });
  await expect(card.getByText("Pagamento parcial", { exact: true })).toBeVisible({ timeout: 10_000 });

  const dialog = await openPayment(page, name);
  await expect(dialog.getByLabel(/^Valor pago/)).toHaveValue(/^20\s000,00$/);
  const owed = dialog.getByRole("region", { name: "Valor em dívida" });
  await expect(owed).toContainText(kz(price - 20000));
  await expect(owed).toContainText("Valor exato: o aluno fica matriculado.");
  await expect(dialog).toContainText("O aluno não indicou e-mail: não recebe nenhum e-mail sobre este pagamento.");
  await choose(page, dialog, /^Método de pagamento/, "TPA");
  await choose(page, dialog, /^Turma/, new RegExp(CLASS));
  await lookAt(page, "desk-payment-balance", () => expect(dialog).toBeVisible());
  await tallPhoneShot(page, "desk-payment-balance");
  await dialog.getByRole("button", { name: "Confirmar e matricular" }).click();
  await expect(page.getByText("Pagamento confirmado e aluno matriculado com sucesso!")).toBeVisible();
  await expect((await rowOf(page, name, COURSE)).getByText("Matriculado")).toBeVisible();
  await expect(card.getByText("Matriculado", { exact: true })).toBeVisible({ timeout: 10_000 });
});
