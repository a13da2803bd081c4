import { expect, type Locator, type Page, test } from "@playwright/test";
import { checkAtBothWidths } from "./support/axe";
import { holdRequests } from "./support/network";
import { signedInStaff } from "./support/sign-in";
import { sidewaysScrollers } from "./support/table";

/**
 * Issue 34, 'Extratos bancários': 'Valor' mapped to the balance column imported every line as a credit of
 * ~2.4 million Kz with no warning, the import could not be deleted and the wrong mapping came back next time.
 * Finance now sees the amounts as read before importing, with warnings; deletes the wrong import; forgets
 * the bank's columns and maps them right, which the next import proposes. The statement's page shows that
 * it is loading, and the screens fit a phone and a laptop.
 */

const SHOTS = "/tmp/shots34-statements";
const BANK = "Banco Saldo Errado E2E";

/** The file: debit, credit and the running balance ('Saldo'), bank charges among the transfers. */
const FILE = {
  name: "extrato-saldo.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(
    [
      "Banco Saldo Errado E2E — Extrato de conta à ordem",
      "Data;Descritivo;Débito;Crédito;Saldo;Ordenante",
      "01/12/2026;TRF PROPINA CURSO DE MARKETING DIGITAL REF E2ES5RT7 TRANSFERENCIA INTERBANCARIA;;150.000,00;2.350.000,00;Ana Maria dos Santos Kiala",
      "02/12/2026;COMISSAO MANUTENCAO CONTA;1.500,00;;2.348.500,00;",
      "03/12/2026;TRF REF E2EX9876;;140.000,00;2.488.500,00;Bento Silva",
      "04/12/2026;TRF REF E2EQ5555;;150.000,00;2.638.500,00;Carla Domingos",
      "05/12/2026;IMPOSTO DE SELO;20,00;;2.638.480,00;",
    ].join("\r\n"),
  ),
};

async function openImport(fin: Page) {
  await fin.goto("/admin/bank-statements");
  await fin.getByRole("combobox", { name: /^Banco/ }).fill(BANK);
  const chooser = fin.waitForEvent("filechooser");
  await fin.getByLabel(/^Arquivo do extrato/).click();
  await (await chooser).setFiles(FILE);
  await fin.getByRole("button", { name: "Continuar" }).click();
  await expect(fin.getByRole("heading", { name: `Colunas do extrato — ${BANK}` })).toBeVisible();
}

async function pick(fin: Page, role: RegExp, column: string) {
  await fin.getByRole("combobox", { name: role }).click();
  await fin.getByRole("option", { name: column, exact: true }).click();
}

/** What the server read with the columns chosen. */
const readView = (fin: Page) => fin.getByRole("table", { name: "Valores lidos com estas colunas" });
const warning = (fin: Page) => fin.getByRole("alert").filter({ hasText: "Confira as colunas" });

const checkAndShoot = (page: Page, name: string, layout?: (width: number) => Promise<void>) =>
  checkAtBothWidths(page, SHOTS, name, layout);

/** The text inputs whose value is wider than the input (a select that cuts the column's name). */
const cutValues = (fields: Locator) =>
  fields.evaluateAll((inputs) =>
    (inputs as HTMLInputElement[]).filter((i) => i.scrollWidth > i.clientWidth + 1).map((i) => i.value),
  );

test("a wrong mapping is warned about before importing, the import is deleted, and the bank's columns forgotten then mapped right", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const fin = await signedInStaff(browser, baseURL!, {
    email: "fin.saldo@instituto.ao",
    password: "finsaldo123",
    name: "Fátima Finanças",
    role: "financeiro",
  });

  // The mistake: 'Valor' is the balance column.
  await openImport(fin);
  await expect(fin.getByText(/Primeira importação deste banco/)).toBeVisible();
  await pick(fin, /^Data/, "Data (coluna 1)");
  await pick(fin, /^Valor/, "Saldo (coluna 5)");
  await pick(fin, /^Descritivo/, "Descritivo (coluna 2)");
  await pick(fin, /^Ordenante/, "Ordenante (coluna 6)");

  // The amounts as the server reads them, and why they look wrong.
  await expect(readView(fin).getByRole("row", { name: /Linha 4/ })).toContainText("2 348 500,00");
  await expect(readView(fin).getByRole("row", { name: /Linha 4/ })).toContainText("Crédito");
  await expect(fin.getByRole("group", { name: "Totais lidos" })).toContainText("5 créditos");
  await expect(fin.getByRole("group", { name: "Totais lidos" })).toContainText("0 débitos");
  await expect(warning(fin)).toContainText("A coluna «Saldo» parece ser o saldo da conta");
  await expect(warning(fin)).toContainText("Nenhum débito foi lido, mas a coluna «Débito» tem valores");

  // A column already chosen for another field moves, and the field it left says so.
  await pick(fin, /^Data/, "Saldo (coluna 5)");
  const amount = fin.getByRole("combobox", { name: /^Valor/ });
  await expect(amount).toHaveValue("");
  await expect(amount).toHaveAccessibleDescription(/A coluna «Saldo \(coluna 5\)» passou para «Data»: escolha outra/);
  await pick(fin, /^Data/, "Data (coluna 1)");
  await pick(fin, /^Valor/, "Saldo (coluna 5)");
  await expect(warning(fin)).toBeVisible();

  await checkAndShoot(fin, "mapping-warned", async (width) => {
    const scrollers = await sidewaysScrollers(fin);
    const firstRows = fin.getByText(/deslize para o lado para ver todas as colunas/);
    if (width === 390) {
      // Only the file's own rows scroll sideways, and they say so.
      expect(scrollers).toHaveLength(1);
      expect(scrollers[0]).toContain("ScrollContainer");
      await expect(firstRows).toBeVisible();
    } else {
      expect(scrollers).toEqual([]);
      expect(await cutValues(fin.getByRole("combobox"))).toEqual([]);
    }
  });

  // Importing past a warning asks for a look first.
  await fin.getByRole("button", { name: "Importar" }).click();
  await expect(fin.getByText("Confirme que conferiu os valores lidos antes de importar")).toBeVisible();
  await expect(fin.getByRole("heading", { name: "Extrato importado" })).toHaveCount(0);
  await fin.getByRole("checkbox", { name: "Conferi os valores lidos: importar mesmo assim" }).check();
  await fin.getByRole("button", { name: "Importar" }).click();
  await expect(fin.getByRole("heading", { name: "Extrato importado" })).toBeVisible();
  await fin.getByRole("link", { name: "Ver linhas do extrato" }).click();

  // The statement's page while its lines load: no count yet, nothing to confirm.
  const statementUrl = fin.url();
  const held = await holdRequests(fin, /\/api\/admin\/bank-statements\/[0-9a-f-]{36}\?/);
  await fin.reload();
  await expect(fin.getByText("Carregando...")).toBeVisible();
  await expect(fin.getByRole("status", { name: "Carregando os resultados do extrato" })).toBeVisible();
  await expect(fin.getByRole("button", { name: "Confirmar pagamentos" })).toBeDisabled();
  await expect(fin.getByText(/^Todas \(/)).toHaveCount(0);
  await expect(fin.getByRole("button", { name: /^Confirmar \d/ })).toHaveCount(0);
  await fin.screenshot({ path: `${SHOTS}/statement-loading-1280.png` });
  held.release();
  await expect(fin.getByText("Todas (5)", { exact: true })).toBeVisible();
  await expect(fin.getByRole("button", { name: "Confirmar 0 pagamentos" })).toBeDisabled();

  await checkAndShoot(fin, "statement-lines", async (width) => {
    expect(await sidewaysScrollers(fin)).toEqual([]);
    if (width === 1280) {
      // 'Descritivo', where finance reads the code, keeps room (it was squeezed to ~90 px, 7 lines).
      const cell = fin.getByRole("cell", { name: /TRF PROPINA CURSO DE MARKETING/ });
      const box = (await cell.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(200);
      const actions = (await fin.getByRole("columnheader", { name: "Ações" }).boundingBox())!;
      expect(actions.width).toBeLessThan(box.width);
    }
  });

  // Delete the wrong import.
  await fin.getByRole("button", { name: "Excluir extrato" }).click();
  const dialog = fin.getByRole("dialog", { name: "Excluir extrato" });
  await expect(dialog).toContainText("«extrato-saldo.csv»");
  await expect(dialog).toContainText("Suas linhas (5) poderão ser importadas de novo");
  await checkAndShoot(fin, "delete-statement");
  await dialog.getByRole("button", { name: "Excluir" }).dblclick();
  await expect(fin.getByText("Extrato excluído")).toBeVisible();
  await expect(fin.getByRole("heading", { name: "Extratos bancários", level: 1 })).toBeVisible();
  await fin.getByLabel("Pesquisar", { exact: true }).fill(BANK);
  await expect(fin.getByRole("table", { name: "Extratos importados" })).toContainText("Nenhum registro encontrado");
  await fin.goto(statementUrl);
  await expect(fin.getByRole("alert")).toContainText("Extrato não encontrado");

  // The wrong columns are still remembered, and warned about: finance forgets them.
  await openImport(fin);
  await expect(fin.getByText(/As colunas deste banco já são conhecidas/)).toBeVisible();
  await expect(fin.getByRole("combobox", { name: /^Valor/ })).toHaveValue("Saldo (coluna 5)");
  await expect(warning(fin)).toContainText("parece ser o saldo da conta");
  await fin.getByRole("button", { name: "Esquecer estas colunas" }).click();
  await expect(fin.getByText("Colunas esquecidas")).toBeVisible();
  await expect(fin.getByText(/Primeira importação deste banco/)).toBeVisible();
  await expect(fin.getByRole("combobox", { name: /^Data/ })).toHaveValue("");
  await expect(readView(fin)).toHaveCount(0);

  // Mapped right: credits and debits, no warning, imported at once.
  await fin.getByRole("radio", { name: "Colunas de crédito e débito" }).check();
  await pick(fin, /^Data/, "Data (coluna 1)");
  await pick(fin, /^Crédito/, "Crédito (coluna 4)");
  await pick(fin, /^Débito/, "Débito (coluna 3)");
  await pick(fin, /^Descritivo/, "Descritivo (coluna 2)");
  await pick(fin, /^Ordenante/, "Ordenante (coluna 6)");
  await expect(fin.getByRole("group", { name: "Totais lidos" })).toContainText("3 créditos");
  await expect(fin.getByRole("group", { name: "Totais lidos" })).toContainText("2 débitos");
  await expect(readView(fin).getByRole("row", { name: /Linha 4/ })).toContainText("Débito");
  await expect(warning(fin)).toHaveCount(0);
  await checkAndShoot(fin, "mapping-right", async (width) => {
    const scrollers = await sidewaysScrollers(fin);
    expect(scrollers.filter((s) => !s.includes("ScrollContainer"))).toEqual([]);
    if (width === 1280) expect(await cutValues(fin.getByRole("combobox"))).toEqual([]);
  });
  await fin.getByRole("button", { name: "Importar" }).click();
  await expect(fin.getByRole("region", { name: "Débitos (ignorados)", exact: true })).toContainText("2");
  await expect(fin.getByRole("region", { name: "Já importadas antes", exact: true })).toContainText("0");

  // The next import of this bank proposes the corrected columns.
  await openImport(fin);
  await expect(fin.getByText(/As colunas deste banco já são conhecidas/)).toBeVisible();
  await expect(fin.getByRole("radio", { name: "Colunas de crédito e débito" })).toBeChecked();
  await expect(fin.getByRole("combobox", { name: /^Crédito/ })).toHaveValue("Crédito (coluna 4)");
  await expect(fin.getByRole("group", { name: "Totais lidos" })).toContainText("2 débitos");
  await expect(warning(fin)).toHaveCount(0);
});
