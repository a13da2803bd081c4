import { isUnreadable, type LineRead } from "@app/shared/bank-statements/lines";
import { mappingWarnings } from "@app/shared/bank-statements/mapping-warnings";
import type { StatementTable } from "@app/shared/bank-statements/table";
import { type ColumnMapping, PREVIEW_READ_LINES } from "@app/shared/contract/bank-statements.schemas";
import {
  fixedMapping,
  readLines,
  readMapping,
  readStatementForm,
  rememberedMapping,
  type StatementDeps,
  widthOf,
} from "./statement-import.service";

/**
 * POST /admin/bank-statements/preview (decisions 070, 072; issue 34): what the mapping step shows, nothing
 * stored. The file is read once, by the reader's workers (decision 078), like the import; its rows are then
 * read with the mapping finance chose (or the one proposed) exactly as the import will read them, so finance
 * sees the amounts, the credits and debits and the warnings before anything is imported.
 */
export async function previewStatement({ db, statements }: StatementDeps, form: Record<string, unknown>) {
  const { bankName, table } = await readStatementForm(statements, form);
  const width = widthOf(table);
  const fixed = fixedMapping(table.format);
  const remembered = fixed ? null : await rememberedMapping(db, bankName);
  const proposed = fixed ?? remembered?.mapping ?? null;
  // A remembered mapping of more columns than this file has is not read (the step proposes nothing).
  const fits = (m: ColumnMapping | null) =>
    m !== null && Object.values(m).every((c) => c === null || c < width) ? m : null;
  const chosen = form.mapping === undefined ? fits(proposed) : readMapping(form, width);
  return {
    delimiter: table.delimiter,
    header: table.header,
    preamble: table.preamble,
    rows: table.rows.slice(0, 10).map((r) => r.cells),
    mapping: proposed,
    remembered: remembered && { id: remembered.id, updatedAt: remembered.updatedAt.toISOString() },
    read: chosen && (await readWithMapping(table, chosen)),
  };
}

const kz = (cents: number) => cents / 100;

function shown(read: LineRead) {
  if (isUnreadable(read)) {
    const { line, reason } = read;
    return { line, kind: "unreadable" as const, date: null, reference: "", payer: "", amount: null, reason };
  }
  const { line, date, reference, payer, cents } = read;
  const kind = cents < 0 ? ("debit" as const) : ("credit" as const);
  return { line, kind, date, reference, payer, amount: kz(cents), reason: null };
}

/** The file read with `mapping`: its first lines, the credits' and debits' counts and totals, the warnings. */
async function readWithMapping(table: StatementTable, mapping: ColumnMapping) {
  const { lines, convention } = await readLines(table, mapping);
  const credits = { count: 0, cents: 0 };
  const debits = { count: 0, cents: 0 };
  let unreadable = 0;
  for (const read of lines) {
    if (isUnreadable(read)) unreadable++;
    else {
      const sum = read.cents < 0 ? debits : credits;
      sum.count++;
      sum.cents += read.cents;
    }
  }
  return {
    mapping,
    lines: lines.slice(0, PREVIEW_READ_LINES).map(shown),
    credits: { count: credits.count, total: kz(credits.cents) },
    debits: { count: debits.count, total: kz(debits.cents) },
    unreadable,
    warnings: mappingWarnings(table, mapping, lines, convention),
  };
}
