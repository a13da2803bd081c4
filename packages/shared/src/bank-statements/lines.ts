import { type AmountConvention, amountConvention, readAmount } from "./amounts";
import { readDate } from "./dates";
import { CREDIT_DEBIT_UNREADABLE, zeroAmountReason } from "./outcomes";

/**
 * A statement's rows read with a column mapping (issue 25, decisions 069 and 073): what the import stores
 * and what the mapping step shows before it (issue 34). Credits are positive cents, debits negative.
 */

/** Which column (0-based) holds what (the contract's `ColumnMapping`). */
export type ColumnMapping = {
  dateColumn: number;
  amountColumn: number | null;
  creditColumn: number | null;
  debitColumn: number | null;
  referenceColumn: number;
  payerColumn: number | null;
};

export type ReadLine = { line: number; date: string; cents: number; reference: string; payer: string };
export type UnreadableLine = { line: number; reason: string };
export type LineRead = ReadLine | UnreadableLine;

export const isUnreadable = (read: LineRead): read is UnreadableLine => "reason" in read;

/** The mapped amount columns: the one 'Valor', or 'Crédito' and/or 'Débito'. */
export const amountColumnsOf = (m: ColumnMapping) =>
  [m.amountColumn, m.creditColumn, m.debitColumn].filter((c): c is number => c !== null);

/** How the mapped amount columns write decimals, judged over the whole file (decision 073). */
export const mappingConvention = (rows: { cells: string[] }[], m: ColumnMapping): AmountConvention => {
  const columns = amountColumnsOf(m);
  return amountConvention(rows.flatMap((r) => columns.map((c) => r.cells[c]!)));
};

/** One table row read with the mapping: the line, or why it cannot be read (never guessed). */
export function readRow(cells: string[], line: number, m: ColumnMapping, convention: AmountConvention): LineRead {
  const date = readDate(cells[m.dateColumn]!);
  if (!date.ok) return { line, reason: date.reason };
  let cents: number;
  if (m.amountColumn !== null) {
    const amount = readAmount(cells[m.amountColumn]!, convention);
    if (!amount.ok) return { line, reason: amount.reason };
    cents = amount.cents;
  } else {
    // Credit and debit columns: the filled one (a 0,00 in the other is no amount).
    const read = (col: number | null, sign: 1 | -1) => {
      const text = col === null ? "" : cells[col]!.trim();
      if (text === "") return null;
      const amount = readAmount(text, convention);
      return amount.ok ? { ok: true as const, cents: sign * Math.abs(amount.cents) } : amount;
    };
    const filled = [read(m.creditColumn, 1), read(m.debitColumn, -1)].filter((a) => a !== null);
    const bad = filled.find((a) => !a.ok);
    if (bad && !bad.ok) return { line, reason: bad.reason };
    const nonZero = filled.filter((a) => a.ok && a.cents !== 0) as { cents: number }[];
    if (nonZero.length !== 1) return { line, reason: CREDIT_DEBIT_UNREADABLE };
    cents = nonZero[0]!.cents;
  }
  if (cents === 0) return { line, reason: zeroAmountReason(cells[m.amountColumn ?? m.creditColumn ?? 0]!) };
  const text = (col: number | null) => (col === null ? "" : cells[col]!.replace(/\s+/g, " ").trim());
  return { line, date: date.date, cents, reference: text(m.referenceColumn), payer: text(m.payerColumn) };
}
