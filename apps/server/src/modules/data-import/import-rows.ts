import { readDate } from "@app/shared/bank-statements/dates";
import type { StatementTable } from "@app/shared/bank-statements/table";
import { folded, type ImportKindSpec, type ImportMapping, optionValue } from "@app/shared/data-import/kinds";
import { parseMoney } from "@app/shared/money-input";
import { parseAngolanMobile } from "@app/shared/phones";

/**
 * A sheet's rows read with the column mapping (decision 097): each cell by its column's rule (a list column by
 * its allowed labels, a date DD/MM/YYYY, money the Angolan ways of decision 009, a phone as every student
 * phone), or the first problem, naming the column.
 */

/** A row's values by column key: text as written (trimmed), list values, ISO dates, 9-digit phones, kwanzas. */
export type RowValues = Record<string, string | null>;
/** A row in error keeps its first column's text, to name it in the preview. */
export type SheetRow = { line: number; values: RowValues } | { line: number; error: string; key: string };

export const problem = (label: string, why: string) => `${label}: ${why}`;

function readCell(spec: ImportKindSpec, key: string, text: string): { value: string | null } | { error: string } {
  const column = spec.columns.find((c) => c.key === key)!;
  const cell = text.trim();
  if (cell === "") return column.required ? { error: problem(column.label, "obrigatório") } : { value: null };
  if (column.options) {
    const value = optionValue(column, cell);
    if (value !== null) return { value };
    const allowed = column.options.map((o) => o.label).join(", ");
    return { error: problem(column.label, `«${cell}» não é um valor permitido (use: ${allowed})`) };
  }
  if (column.type === "date") {
    const read = readDate(cell);
    return read.ok ? { value: read.date } : { error: problem(column.label, read.reason) };
  }
  if (column.type === "money") {
    const read = parseMoney(cell);
    return read.ok ? { value: String(read.value) } : { error: problem(column.label, read.message) };
  }
  if (column.type === "phone") {
    const read = parseAngolanMobile(cell);
    return "phone" in read ? { value: read.phone } : { error: problem(column.label, read.error) };
  }
  return { value: cell };
}

/** Every row of the table read with `mapping`; the lines the table could not split are errors too. */
export function sheetRows(spec: ImportKindSpec, table: StatementTable, mapping: ImportMapping): SheetRow[] {
  const rows: SheetRow[] = table.irregular.map(({ line, reason }) => ({ line, error: reason, key: "" }));
  const first = mapping[spec.columns[0]!.key];
  for (const { line, cells } of table.rows) {
    const values: RowValues = {};
    let error: string | null = null;
    for (const column of spec.columns) {
      const index = mapping[column.key];
      const read = readCell(spec, column.key, index === null || index === undefined ? "" : (cells[index] ?? ""));
      if ("error" in read) {
        error = read.error;
        break;
      }
      values[column.key] = read.value;
    }
    const key = first === null || first === undefined ? "" : (cells[first] ?? "").trim();
    rows.push(error === null ? { line, values } : { line, error, key });
  }
  return rows.sort((a, b) => a.line - b.line);
}

/**
 * Remembers the first line of each key and answers, for a later row with the same key, why it is refused:
 * duplicates inside the file are errors (which one is meant cannot be guessed).
 */
export function duplicateFinder(what: string) {
  const seen = new Map<string, number>();
  return (key: string, line: number): string | null => {
    const k = folded(key);
    const first = seen.get(k);
    if (first !== undefined) return `${what} repetido no arquivo: igual à linha ${first}`;
    seen.set(k, line);
    return null;
  };
}
