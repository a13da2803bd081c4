import { expect, test } from "@playwright/test";
import { violations } from "./support/axe";
import { today } from "./support/fixtures";
import { signedInStaff } from "./support/sign-in";
import { applicant, approveThroughApi, sendReceipt } from "./support/students";
import { settled, sidewaysScrollers } from "./support/table";

/**
 * Decision 074 on a phone and a laptop: two students send receipts; finance imports a statement of today
 * holding the first one's transfer and not the second's. 'Comprovantes' shows the first 'Confirmado pelo
 * extrato' (with its line in the view dialog) and flags the second 'Sem linha no extrato'; the filter
 * keeps only the flagged one.
 */
const SHOTS = "/tmp/shots25";

test("receipts confirmed by the bank statement, or flagged without a line, at 390 and 1280 px", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const paid = await applicant(browser, baseURL!, "Olga Extrato Quissama", "923300401");
  const flagged = await applicant(browser, baseURL!, "Paulo Sinal Quissama", "923300402");
  const admin = await signedInStaff(browser, baseURL!, {
    email: "fin.extrato@instituto.ao",
    password: "extrato1234",
    name: "Filipa Extrato",
    role: "super_admin",
  });
  await approveThroughApi(admin.request, baseURL!, paid.enrollmentId, "EXTRATO-A7");
  await approveThroughApi(admin.request, baseURL!, flagged.enrollmentId, "EXTRATO-B7");
  for (const s of [paid, flagged]) {
    const sent = await sendReceipt(s.context.request, baseURL!, s.enrollmentId, "1000");
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const [y, m, d] = today().split("-");
  const csv = [
    "Data;Descritivo;Valor;Ordenante",
    `${d}/${m}/${y};TRF EXTRATO A7;1.000,00;${paid.name}`,
    `${d}/${m}/${y};Comissão devolvida;250,00;Banco`,
  ].join("\n");
  const imported = await admin.request.post("/api/admin/bank-statements", {
    headers: { origin: baseURL! },
    multipart: {
      bankName: "Banco dos Comprovantes E2E",
      mapping: JSON.stringify({ dateColumn: 0, referenceColumn: 1, amountColumn: 2, payerColumn: 3 }),
      file: { name: "extrato-hoje.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await admin.goto("/admin/payment-receipts");
    await admin.getByLabel("Pesquisar", { exact: true }).fill("Quissama");
    // A row of the table at 1280 px, a card of the list at 390 px.
    const entry = (name: string) =>
      width === 390
        ? admin.getByRole("listitem").filter({ hasText: name })
        : admin.getByRole("row").filter({ hasText: name });
    await expect(entry(paid.name).getByText("Confirmado pelo extrato")).toBeVisible();
    await expect(entry(flagged.name).getByText("Sem linha no extrato")).toBeVisible();
    await expect(entry(paid.name).getByText("Sem linha no extrato")).toHaveCount(0);
    await settled(admin);
    await admin.screenshot({ path: `${SHOTS}/receipts-statement-${width}.png`, fullPage: true });
    expect(await sidewaysScrollers(admin)).toEqual([]);
    if (width === 1280) {
      const wrapper = admin.locator("table").first().locator("xpath=..");
      expect(await wrapper.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await admin
      .getByRole("button", { name: `Ver ${paid.name}` })
      .first()
      .click();
    const view = admin.getByRole("dialog", { name: "Detalhes do comprovante" });
    await expect(view.getByText(/Linha 2 do extrato extrato-hoje\.csv \(Banco dos Comprovantes E2E\)/)).toBeVisible();
    await settled(admin);
    await admin.screenshot({ path: `${SHOTS}/receipt-linked-${width}.png` });
    await admin.keyboard.press("Escape");
    await admin
      .getByRole("button", { name: `Ver ${flagged.name}` })
      .first()
      .click();
    await expect(view.getByText(/não tem uma linha de/)).toBeVisible();
    await expect(view.getByRole("button", { name: "Aprovar" })).toBeInViewport();
    await settled(admin);
    await admin.screenshot({ path: `${SHOTS}/receipt-flagged-${width}.png` });
    await admin.keyboard.press("Escape");
    // Only the flagged receipts, read by the server.
    await admin.getByRole("combobox", { name: "Extrato bancário" }).click();
    await admin.getByRole("option", { name: "Sem linha no extrato" }).click();
    await expect(admin.getByText(paid.name)).toHaveCount(0);
    await expect(admin.getByText(flagged.name).first()).toBeVisible();
    expect(await violations(admin)).toEqual([]);
  }
  await paid.context.close();
  await flagged.context.close();
  await admin.context().close();
});
