import { type AmountConvention, readAmount } from "./amounts";
import { readDate } from "./dates";
import { amountColumnsOf, type ColumnMapping, isUnreadable, type LineRead, type ReadLine } from "./lines";
import { quoted } from "./table";

/**
 * Cheap signs that a column mapping reads a statement wrongly (issue 34): the balance chosen as the amount
 * ('Valor' → 'Saldo' imported every line as a credit of ~2.4 million), no debit where the file has a debit
 * column, a bank fee read as a credit, most lines unreadable, a 'Descritivo' of numbers only. Shown before
 * the import, never blocking it: finance may know better. The cell-by-cell signs look at the first
 * `WARNING_ROWS` rows (a statement's layout shows itself in its first lines).
 */

export const MAPPING_WARNING_CODES = ["balance", "noDebits", "fee", "unreadable", "referenceNumbers"] as const;
export type MappingWarning = { code: (typeof MAPPING_WARNING_CODES)[number]; message: string };

export const WARNING_ROWS = 1000;

type Table = { header: string[] | null; rows: { line: number; cells: string[] }[] };

/** Accents and case folded, to compare a header or a text with a word. */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const BALANCE_NAME = /saldo|balance/;
const DEBIT_NAME = /debito|debit|levantamento|saida/;
/** Words of a bank's own charges and withdrawals, which are never a student's payment. */
const FEE_WORDS = /comissao|imposto|encargo|levantamento|manutencao de conta|manutencao conta/;

const columnName = (table: Table, column: number) => {
  const name = table.header?.[column]?.trim();
  return name ? `«${name}»` : `«Coluna ${column + 1}»`;
};

/** A cell's amount in cents when it reads as a non-zero amount, else null. */
function amountOf(text: string | undefined, convention: AmountConvention): number | null {
  if (text === undefined || text.trim() === "") return null;
  const read = readAmount(text, convention);
  return read.ok && read.cents !== 0 ? read.cents : null;
}

/**
 * Why `column` looks like the account's running balance rather than each movement's amount, or null:
 * from one row to the next it moves by exactly an amount written in another column of either row; or its
 * header says so; or its values are all different and nearly always move the same way.
 */
function balanceEvidence(
  table: Table,
  column: number,
  m: ColumnMapping,
  convention: AmountConvention,
): "steps" | "name" | "trend" | null {
  const rows = table.rows.slice(0, WARNING_ROWS);
  const values = rows.map((r) => amountOf(r.cells[column], convention));
  const others = rows.map(
    (r) =>
      new Set(
        r.cells
          .map((text, c) => (c === column || c === m.dateColumn ? null : amountOf(text, convention)))
          .filter((v) => v !== null)
          .map(Math.abs),
      ),
  );
  let pairs = 0;
  let stepped = 0;
  for (let i = 1; i < rows.length; i++) {
    const [before, now] = [values[i - 1], values[i]];
    if (before == null || now == null) continue;
    pairs++;
    const step = Math.abs(now - before);
    if (step !== 0 && (others[i]!.has(step) || others[i - 1]!.has(step))) stepped++;
  }
  if (pairs >= 3 && stepped >= 0.8 * pairs) return "steps";
  if (BALANCE_NAME.test(folded(table.header?.[column] ?? ""))) return "name";
  const read = values.filter((v) => v !== null);
  if (read.length >= 5 && new Set(read).size === read.length) {
    let up = 0;
    for (let i = 1; i < read.length; i++) if (read[i]! > read[i - 1]!) up++;
    const steps = read.length - 1;
    if (Math.max(up, steps - up) >= 0.8 * steps) return "trend";
  }
  return null;
}

const BALANCE_MESSAGES = {
  steps: (name: string) =>
    `A coluna ${name} parece ser o saldo da conta: de uma linha para a seguinte muda exatamente pelo valor de outra coluna. Escolha a coluna com o valor de cada movimento.`,
  name: (name: string) =>
    `A coluna ${name} parece ser o saldo da conta, não o valor de cada movimento. Escolha a coluna com o valor de cada movimento.`,
  trend: (name: string) =>
    `Os valores da coluna ${name} são todos diferentes e vão sempre no mesmo sentido, como um saldo. Confira se é a coluna com o valor de cada movimento.`,
} as const;

/** A column the header calls a debit, with amounts in it, that gave no debit line. */
function unusedDebitColumn(table: Table, convention: AmountConvention): number | null {
  const rows = table.rows.slice(0, WARNING_ROWS);
  for (const [column, name] of (table.header ?? []).entries()) {
    if (!DEBIT_NAME.test(folded(name))) continue;
    if (rows.some((r) => amountOf(r.cells[column], convention) !== null)) return column;
  }
  return null;
}

/** Every non-empty value of the column reads as an amount or a date (no text, so no code). */
function onlyNumbers(table: Table, column: number): boolean {
  const texts = table.rows
    .slice(0, WARNING_ROWS)
    .map((r) => r.cells[column]?.trim() ?? "")
    .filter((t) => t !== "");
  return texts.length >= 2 && texts.every((t) => readAmount(t).ok || readDate(t).ok);
}

/** The warnings of reading `table` with `m` (its rows read as `lines`), in the order finance should see them. */
export function mappingWarnings(
  table: Table,
  m: ColumnMapping,
  lines: LineRead[],
  convention: AmountConvention,
): MappingWarning[] {
  const warnings: MappingWarning[] = [];
  for (const column of amountColumnsOf(m)) {
    const evidence = balanceEvidence(table, column, m, convention);
    if (evidence) warnings.push({ code: "balance", message: BALANCE_MESSAGES[evidence](columnName(table, column)) });
  }
  const read = lines.filter((l): l is ReadLine => !isUnreadable(l));
  const credits = read.filter((l) => l.cents > 0);
  if (credits.length > 0 && credits.length === read.length) {
    const debitColumn = unusedDebitColumn(table, convention);
    if (debitColumn !== null) {
      warnings.push({
        code: "noDebits",
        message: `Nenhum débito foi lido, mas a coluna ${columnName(table, debitColumn)} tem valores: com estas colunas, as comissões e saídas do banco contam como créditos.`,
      });
    }
  }
  const fee = credits.find((l) => FEE_WORDS.test(folded(`${l.reference} ${l.payer}`)));
  if (fee) {
    warnings.push({
      code: "fee",
      message: `A linha ${fee.line} (${quoted(fee.reference || fee.payer)}) foi lida como crédito, mas parece uma comissão ou saída do banco.`,
    });
  }
  const unreadable = lines.filter(isUnreadable).length;
  if (unreadable > 0 && unreadable * 2 >= lines.length) {
    warnings.push({
      code: "unreadable",
      message: `${unreadable} de ${lines.length} linhas não se leem com estas colunas: confira a coluna da data e a do valor.`,
    });
  }
  if (onlyNumbers(table, m.referenceColumn)) {
    warnings.push({
      code: "referenceNumbers",
      message: `A coluna ${columnName(table, m.referenceColumn)}, escolhida para o descritivo, só tem números ou datas: os códigos de referência costumam estar no descritivo.`,
    });
  }
  return warnings;
}
