import { expect, type Page, test } from "@playwright/test";
import { checkAtBothWidths } from "./support/axe";
import { COURSE, kz } from "./support/fixtures";
import { signedInStaff } from "./support/sign-in";
import { applicant, approveThroughApi } from "./support/students";
import { rowOf, sidewaysScrollers } from "./support/table";

/**
 * Issue 25's "Done when", as finance does it in the browser: two students approved with codes; a CSV
 * statement (two bank lines above the table) where one line carries a code with 'S' for '5' and a space,
 * one a wrong amount and one no code; finance maps the columns once, confirms the matching line,
 * resolves the divergent one by hand (assign, confirm), ignores the third with a reason; a re-import of
 * the same file adds nothing; both students are enrolled once.
 */

const SHOTS = "/tmp/shots25";
const BANK = "Banco Extrato E2E";
const ANA = "Ana Extrato Kiala";
const BENTO = "Bento Extrato Divergente";
const ANA_CODE = "EXT5RQ7W";
const BENTO_CODE = "EXT8MN3Y";

/** An amount as an Angolan bank's CSV writes it: '150.000,00'. */
const bankAmount = (kz: number) =>
  kz
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");

const statementFile = (price: number) => ({
  name: "extrato-novembro.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(
    [
      "Banco Extrato E2E, S.A. — Extrato de conta à ordem",
      "Conta 0040 0000 5555 1234 1",
      "Data;Descritivo;Valor;Ordenante",
      `25/11/2026;TRF PROPINA EXTS RQ7W;${bankAmount(price)};${ANA}`,
      `25/11/2026;TRF ${BENTO_CODE};${bankAmount(price - 10000)};${BENTO}`,
      `26/11/2026;PAGAMENTO CURSO;${bankAmount(price)};Carla Sem Codigo`,
    ].join("\r\n"),
  ),
});

/** Chooses the statement file the way a user does: click the field, answer the file chooser. */
async function chooseFile(page: Page, file: ReturnType<typeof statementFile>) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel(/^Arquivo do extrato/).click();
  await (await chooser).setFiles(file);
}

/** Axe and screenshots at a phone's and a laptop's width; the page never scrolls sideways. Ends at 1280 px. */
const checkAndShoot = (page: Page, name: string) =>
  checkAtBothWidths(page, SHOTS, name, async (width) => {
    expect.soft(await sidewaysScrollers(page), `${name} at ${width}px`).not.toContain("HTML");
  });

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const lineRow = (page: Page, n: number) => page.getByRole("row", { name: new RegExp(`^Linha ${n}\\b`) });

test("finance imports a bank statement, maps its columns once, confirms the matching line, resolves the divergent one and a re-import adds nothing", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);

  // Two students approved with their codes.
  const secretaria = await signedInStaff(browser, baseURL!, {
    email: "sec.extrato@instituto.ao",
    password: "secext123",
    name: "Sara Secretária",
    role: "secretaria",
  });
  const ana = await applicant(browser, baseURL!, ANA, "923500501");
  const bento = await applicant(browser, baseURL!, BENTO, "923500502");
  await approveThroughApi(secretaria.request, baseURL!, ana.enrollmentId, ANA_CODE);
  await approveThroughApi(secretaria.request, baseURL!, bento.enrollmentId, BENTO_CODE);
  await ana.context.close();
  await bento.context.close();
  const price: number = (
    (await (await secretaria.request.get("/api/courses/catalog")).json()) as { name: string; price: number }[]
  ).find((c) => c.name === COURSE)!.price;
  const file = statementFile(price);

  // Financeiro → 'Extratos bancários'.
  const fin = await signedInStaff(browser, baseURL!, {
    email: "fin.extrato@instituto.ao",
    password: "finext123",
    name: "Francisca Finanças",
    role: "financeiro",
  });
  const menu = fin.getByRole("navigation", { name: "Menu de administração" });
  await menu.getByRole("link", { name: "Financeiro", exact: true }).click();
  await fin.getByRole("main").getByRole("link", { name: "Extratos bancários" }).click();
  await expect(fin.getByRole("heading", { name: "Extratos bancários", level: 1 })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Extratos bancários" })).toBeVisible();

  // The first statement of this bank: nothing remembered, finance maps the columns.
  await fin.getByRole("button", { name: "Continuar" }).click();
  await expect(fin.getByText("Indique o nome do banco")).toBeVisible();
  await expect(fin.getByText("Escolha o arquivo do extrato")).toBeVisible();
  await fin.getByRole("combobox", { name: /^Banco/ }).fill(BANK);
  await chooseFile(fin, file);
  await fin.getByRole("button", { name: "Continuar" }).click();
  await expect(fin.getByText(/Primeira importação deste banco/)).toBeVisible();
  const firstRows = fin.getByRole("table", { name: "Primeiras linhas do arquivo" });
  await expect(firstRows.getByRole("cell", { name: "TRF PROPINA EXTS RQ7W" })).toBeVisible();
  await fin.getByRole("button", { name: "Importar" }).click();
  await expect(fin.getByText("Escolha a coluna da data")).toBeVisible(); // nothing sent yet
  const pick = async (role: RegExp, column: string) => {
    await fin.getByRole("combobox", { name: role }).click();
    await fin.getByRole("option", { name: column, exact: true }).click();
  };
  await pick(/^Data/, "Data (coluna 1)");
  await pick(/^Valor/, "Valor (coluna 3)");
  await pick(/^Descritivo/, "Descritivo (coluna 2)");
  await pick(/^Ordenante/, "Ordenante (coluna 4)");
  await expect(fin.getByText(`Ex.: ${bankAmount(price)} · ${bankAmount(price - 10000)}`)).toBeVisible();
  await checkAndShoot(fin, "import-mapping");
  await fin.getByRole("button", { name: "Importar" }).dblclick();

  // The counts per outcome.
  await expect(fin.getByRole("heading", { name: "Extrato importado" })).toBeVisible();
  await expect(region(fin, "Corresponde")).toContainText("1");
  await expect(region(fin, "Valor divergente")).toContainText("1");
  await expect(region(fin, "Sem correspondência")).toContainText("1");
  await expect(region(fin, "Já importadas antes")).toContainText("0");
  await fin.getByRole("link", { name: "Ver linhas do extrato" }).click();

  // The lines: the look-alike code proposed, the divergent line with both amounts, the third unmatched.
  await expect(fin.getByRole("heading", { name: `Extrato ${BANK}`, level: 1 })).toBeVisible();
  await expect(lineRow(fin, 4)).toContainText("Corresponde");
  await expect(lineRow(fin, 4)).toContainText("proposta");
  await expect(lineRow(fin, 4)).toContainText(ANA);
  await expect(lineRow(fin, 5)).toContainText("Valor divergente");
  await expect(lineRow(fin, 5)).toContainText(kz(price - 10000));
  await expect(lineRow(fin, 5)).toContainText(kz(price));
  await expect(lineRow(fin, 6)).toContainText("Sem correspondência");
  await expect(fin.getByRole("checkbox", { name: "Linha 4" })).toBeChecked();
  await expect(fin.getByRole("checkbox", { name: "Linha 5" })).toHaveCount(0);
  await checkAndShoot(fin, "statement-lines");
  // Issue 34: at 1280 px the lines fit without scrolling sideways, and 'Descritivo' keeps its room.
  expect(await sidewaysScrollers(fin)).toEqual([]);
  const descritivo = (await fin.getByRole("cell", { name: /TRF PROPINA EXTS RQ7W/ }).boundingBox())!;
  expect(descritivo.width).toBeGreaterThanOrEqual(200);

  // The filter by outcome narrows the lines on the server.
  await fin.getByText("Valor divergente (1)", { exact: true }).click();
  await expect(fin.getByRole("radio", { name: "Valor divergente (1)" })).toBeChecked();
  await expect(lineRow(fin, 4)).toHaveCount(0);
  await expect(lineRow(fin, 5)).toBeVisible();
  await fin.getByText("Todas (3)", { exact: true }).click();
  await expect(lineRow(fin, 4)).toBeVisible();

  // Confirm the matching line (a double click sends one request).
  await fin.getByRole("button", { name: "Confirmar 1 pagamento" }).click();
  const confirm = fin.getByRole("dialog", { name: "Confirmar 1 pagamento" });
  // What happens, as it is: an e-mail queued for students with one, none for the others (decision 084).
  await expect(confirm).toContainText("quem não indicou e-mail não recebe nenhuma: avise o aluno por WhatsApp");
  await confirm.getByRole("button", { name: "Confirmar 1 pagamento" }).dblclick();
  const result = fin.getByRole("dialog", { name: "Resultado da confirmação" });
  await expect(result.getByText(/^1 pagamento confirmado/)).toBeVisible();
  await expect(result.getByText(/Não confirmadas/)).toHaveCount(0);
  await result.getByRole("button", { name: "Concluir" }).click();
  await expect(lineRow(fin, 4)).toContainText("Confirmado");
  await expect(fin.getByRole("button", { name: "Confirmar 0 pagamentos" })).toBeDisabled();

  // The divergent line, assigned by hand to Bento (found by his code), then confirmed.
  await fin.getByRole("button", { name: "Atribuir linha 5" }).click();
  const assign = fin.getByRole("dialog", { name: "Atribuir linha 5" });
  await assign.getByRole("button", { name: "Atribuir" }).click();
  await expect(assign.getByText("Escolha a inscrição")).toBeVisible();
  await assign.getByLabel("Pesquisar inscrição").fill(BENTO_CODE);
  await assign.getByRole("radio", { name: new RegExp(BENTO) }).check();
  // 10 000 Kz short of the price: finance says what becomes of the difference (decision 083).
  await expect(assign.getByRole("region", { name: "Valor em dívida" })).toContainText(/faltam 10\s000,00\s*Kz/);
  await assign.getByRole("radio", { name: "Aceitar como pago na totalidade" }).check();
  await assign.getByLabel(/^Motivo da diferença aceita/).fill("Desconto combinado com a direção");
  await checkAndShoot(fin, "assign-difference");
  await assign.getByRole("button", { name: "Atribuir" }).click();
  await expect(fin.getByText("Linha atribuída")).toBeVisible();
  await expect(lineRow(fin, 5)).toContainText("atribuída à mão");
  await expect(fin.getByRole("checkbox", { name: "Linha 5" })).toBeChecked();
  await fin.getByRole("button", { name: "Confirmar 1 pagamento" }).click();
  await confirm.getByRole("button", { name: "Confirmar 1 pagamento" }).click();
  await expect(result.getByText(/^1 pagamento confirmado/)).toBeVisible();
  await result.getByRole("button", { name: "Concluir" }).click();
  await expect(lineRow(fin, 5)).toContainText("Confirmado");

  // The line without a code is ignored, with a reason (required).
  await fin.getByRole("button", { name: "Ignorar linha 6" }).click();
  const ignore = fin.getByRole("dialog", { name: "Ignorar linha 6" });
  await ignore.getByRole("button", { name: "Ignorar" }).click();
  await expect(ignore.getByText("Indique o motivo")).toBeVisible();
  await ignore.getByLabel(/^Motivo/).fill("Transferência de outro serviço");
  await ignore.getByRole("button", { name: "Ignorar" }).click();
  await expect(lineRow(fin, 6)).toContainText("Ignorado");
  await expect(lineRow(fin, 6)).toContainText("Transferência de outro serviço");

  // The same file again: the bank's columns are remembered (one click), and nothing is new.
  await fin.getByRole("link", { name: "Extratos bancários" }).first().click();
  await fin.getByRole("combobox", { name: /^Banco/ }).fill("Banco Extrato");
  await fin.getByRole("option", { name: BANK }).click();
  await chooseFile(fin, file);
  await fin.getByRole("button", { name: "Continuar" }).click();
  await expect(fin.getByText(/As colunas deste banco já são conhecidas/)).toBeVisible();
  await expect(fin.getByRole("combobox", { name: /^Valor/ })).toHaveValue("Valor (coluna 3)");
  await fin.getByRole("button", { name: "Importar" }).click();
  await expect(region(fin, "Já importadas antes")).toContainText("3");
  for (const outcome of ["Corresponde", "Valor divergente", "Sem correspondência"]) {
    await expect(region(fin, outcome)).toContainText("0");
  }
  const imports = fin.getByRole("table", { name: "Extratos importados" });
  await expect(imports.getByRole("row", { name: /Nenhuma linha nova/ })).toHaveCount(1);
  await expect(imports.getByRole("row", { name: /1 Ignorado · 2 Confirmado/ })).toHaveCount(1);

  // Both students enrolled, each paid once.
  await menu.getByRole("link", { name: "Inscrições" }).click();
  for (const name of [ANA, BENTO]) {
    await expect((await rowOf(fin, name)).getByText("Matriculado")).toBeVisible();
    const payments = await (await fin.request.get(`/api/admin/payments?q=${encodeURIComponent(name)}`)).json();
    expect(payments.total, name).toBe(1);
  }
});

test("a file that cannot be read tells finance why, under the file field", async ({ browser, baseURL }) => {
  const fin = await signedInStaff(browser, baseURL!, {
    email: "fin.ilegivel@instituto.ao",
    password: "finilg123",
    name: "Filomena Finanças",
    role: "financeiro",
  });
  const menu = fin.getByRole("navigation", { name: "Menu de administração" });
  await menu.getByRole("link", { name: "Financeiro", exact: true }).click();
  await fin.getByRole("main").getByRole("link", { name: "Extratos bancários" }).click();
  await fin.getByRole("combobox", { name: /^Banco/ }).fill(BANK);

  // A PNG renamed .csv (issue 33): the server's reason, not 'preencha todos os campos obrigatórios'.
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  await chooseFile(fin, { name: "extrato.csv", mimeType: "text/csv", buffer: png });
  await fin.getByRole("button", { name: "Continuar" }).click();
  const reason = "O arquivo não é um extrato que se possa ler. Envie o extrato em CSV, XLSX, MT940 ou CAMT.053";
  await expect(fin.getByLabel(/^Arquivo do extrato/)).toHaveAccessibleDescription(
    new RegExp(reason.replace(/\./g, "\\.")),
  );
  await expect(fin.getByText("Por favor, preencha todos os campos obrigatórios")).toHaveCount(0);

  // A text with no table: its own reason; choosing another file clears the last one's.
  await chooseFile(fin, {
    name: "extrato.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Caro cliente\nsegue o extrato"),
  });
  await expect(fin.getByLabel(/^Arquivo do extrato/)).not.toHaveAccessibleDescription(/não é um extrato/);
  await fin.getByRole("button", { name: "Continuar" }).click();
  await expect(fin.getByLabel(/^Arquivo do extrato/)).toHaveAccessibleDescription(/O arquivo não tem uma tabela/);
});
