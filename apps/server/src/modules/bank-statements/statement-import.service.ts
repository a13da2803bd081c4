import { lineChecksums } from "@app/shared/bank-statements/checksum";
import { findCodes, indexCodes } from "@app/shared/bank-statements/codes";
import {
  isUnreadable,
  type LineRead,
  mappingConvention,
  type ReadLine,
  readRow,
  type UnreadableLine,
} from "@app/shared/bank-statements/lines";
import { FIXED_MAPPING, type StatementFormat, type StatementTable } from "@app/shared/bank-statements/table";
import {
  BANK_STATEMENT_MESSAGES,
  bankNameSchema,
  type ColumnMapping,
  columnMappingSchema,
} from "@app/shared/contract/bank-statements.schemas";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE, REQUIRED_FIELDS, statementFileUnreadable } from "@app/shared/messages";
import { eq, isNotNull } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { bankColumnMappings, bankStatementLines, bankStatements, enrollments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { asCandidate, candidateRows, outcomeFor } from "./statement-matching";
import type { StatementReader } from "./statement-reader";
import { linkStatement } from "./statement-receipts";

/**
 * Importing a statement (decisions 069, 070, 073, 078): the file read off the main thread, its rows read
 * with the column mapping, matched to enrolments by code and stored once.
 */

type FormFields = Record<string, unknown>;
const issue = (path: string, message: string) => ApiError.of(400, REQUIRED_FIELDS, [{ path, message }]);

/** What reading a statement needs: the database, and the reader that reads files off the main thread. */
export type StatementDeps = { db: Database; statements: StatementReader };

/**
 * Bank name and the statement's table (any format, decision 073) of a form: 400 when missing, 413 above
 * 5 MB, 400 'statement_file_invalid' with the reader's reason, on the file field too, when unreadable.
 */
export async function readStatementForm(statements: StatementReader, form: FormFields) {
  const bank = bankNameSchema.safeParse(form.bankName);
  if (!bank.success) throw issue("bankName", BANK_STATEMENT_MESSAGES.bankName);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw issue("file", BANK_STATEMENT_MESSAGES.file);
  if (file.size > MAX_FILE_BYTES) throw ApiError.of(413, FILE_TOO_LARGE);
  const table = await statements.read(new Uint8Array(await file.arrayBuffer()));
  if ("error" in table)
    throw ApiError.of(400, statementFileUnreadable(table.error), [{ path: "file", message: table.error }]);
  return { bankName: bank.data, fileName: file.name.slice(0, 255) || "extrato", table };
}

/** MT940 and CAMT.053 have one structure for every bank: their columns are read by a fixed mapping. */
export const fixedMapping = (format: StatementFormat): ColumnMapping | null =>
  format === "mt940" || format === "camt053" ? FIXED_MAPPING : null;

/** The bank's remembered mapping (its CSV/XLSX layout), with its id and when it was last saved. */
export async function rememberedMapping(db: Database | Tx, bankName: string) {
  const [row] = await db.select().from(bankColumnMappings).where(eq(bankColumnMappings.bankName, bankName));
  if (!row) return null;
  const { dateColumn, amountColumn, creditColumn, debitColumn, referenceColumn, payerColumn } = row;
  const mapping: ColumnMapping = { dateColumn, amountColumn, creditColumn, debitColumn, referenceColumn, payerColumn };
  return { id: row.id, updatedAt: row.updatedAt, mapping };
}

/** The mapping a form sends (JSON), within the table's columns; 400 when it is missing or wrong. */
export function readMapping(form: FormFields, width: number): ColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(String(form.mapping ?? ""));
  } catch {
    throw issue("mapping", BANK_STATEMENT_MESSAGES.mapping);
  }
  const parsed = columnMappingSchema.safeParse(json);
  if (!parsed.success) throw issue("mapping", BANK_STATEMENT_MESSAGES.mapping);
  const m = parsed.data;
  const used = [m.dateColumn, m.amountColumn, m.creditColumn, m.debitColumn, m.referenceColumn, m.payerColumn];
  if (used.some((c) => c !== null && c >= width)) throw issue("mapping", BANK_STATEMENT_MESSAGES.mapping);
  return m;
}

const INSERT_BATCH = 1000;

/**
 * A statement may hold 50 000 rows (decision 078): the loops over them let other requests in every
 * `ROWS_PER_TURN` rows, so an import at the limit never holds the event loop for long.
 */
const ROWS_PER_TURN = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The table's width: its header's, or its first row's when it has none. */
export const widthOf = (table: StatementTable) => table.header?.length ?? table.rows[0]?.cells.length ?? 0;

/**
 * Every row of the table read with the mapping, in file order (taking turns, decision 078), with the
 * amount columns' decimals judged over the whole file (decision 073); the lines the table could not
 * split (`irregular`) are unreadable too.
 */
export async function readLines(table: StatementTable, mapping: ColumnMapping) {
  const convention = mappingConvention(table.rows, mapping);
  const lines: LineRead[] = [...table.irregular];
  for (const [i, row] of table.rows.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    lines.push(readRow(row.cells, row.line, mapping, convention));
  }
  lines.sort((a, b) => a.line - b.line);
  return { lines, convention };
}

/**
 * POST /admin/bank-statements: every row read with the pure functions of decision 069; debits and
 * unreadable lines are not stored (the latter answered with their reason); credit lines whose checksum
 * is known are skipped; the rest are matched to enrolments by code and stored. One transaction: the
 * mapping remembered for the bank, the statement and its new lines. Two imports of one file at once:
 * the checksum's unique index keeps each line once (ON CONFLICT DO NOTHING).
 */
export async function importStatement({ db, statements }: StatementDeps, actorUserId: string, form: FormFields) {
  const { bankName, fileName, table } = await readStatementForm(statements, form);
  const mapping = readMapping(form, widthOf(table));
  const { lines } = await readLines(table, mapping);
  const unreadable: UnreadableLine[] = [];
  const credits: ReadLine[] = [];
  let debits = 0;
  for (const read of lines) {
    if (isUnreadable(read)) unreadable.push(read);
    else if (read.cents < 0) debits++;
    else credits.push(read);
  }
  const checksums = await lineChecksums(
    credits.map((c) => ({ date: c.date, amount: c.cents, reference: c.reference, payer: c.payer })),
  );
  const dates = credits.map((c) => c.date).sort();

  return db.transaction(async (tx) => {
    // The bank's remembered mapping is its CSV/XLSX layout; a fixed format's mapping is not the bank's.
    if (!fixedMapping(table.format)) {
      await tx
        .insert(bankColumnMappings)
        .values({ bankName, ...mapping })
        .onConflictDoUpdate({ target: bankColumnMappings.bankName, set: { ...mapping, updatedAt: new Date() } });
    }
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        bankName,
        fileName,
        importedBy: actorUserId,
        periodStart: dates[0] ?? null,
        periodEnd: dates.at(-1) ?? null,
      })
      .returning({ id: bankStatements.id });

    const candidates = await candidateRows(tx).where(isNotNull(enrollments.paymentReferenceCode));
    const byCode = new Map(candidates.map((c) => [c.code!, asCandidate(c)]));
    const index = indexCodes(byCode.keys());

    const rows = [];
    for (const [i, c] of credits.entries()) {
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const found = findCodes(c.reference, index);
      const enrollment = found.kind === "exact" || found.kind === "proposed" ? byCode.get(found.code) : undefined;
      rows.push({
        statementId: statement!.id,
        lineNumber: c.line,
        date: c.date,
        amount: c.cents / 100,
        reference: c.reference,
        payer: c.payer,
        checksum: checksums[i]!,
        outcome: outcomeFor(enrollment, c.cents),
        enrollmentId: enrollment?.id ?? null,
        proposed: found.kind === "proposed",
      });
    }
    const counts = { matched: 0, divergent: 0, alreadyPaid: 0, unmatched: 0, alreadyImported: 0, debits };
    for (let at = 0; at < rows.length; at += INSERT_BATCH) {
      const inserted = await tx
        .insert(bankStatementLines)
        .values(rows.slice(at, at + INSERT_BATCH))
        .onConflictDoNothing({ target: bankStatementLines.checksum })
        .returning({ outcome: bankStatementLines.outcome });
      for (const { outcome } of inserted) {
        if (outcome === "already_paid") counts.alreadyPaid++;
        else if (outcome === "matched" || outcome === "divergent" || outcome === "unmatched") counts[outcome]++;
      }
    }
    counts.alreadyImported = rows.length - (counts.matched + counts.divergent + counts.alreadyPaid + counts.unmatched);
    // The receipts students sent for these payments (decision 074).
    await linkStatement(tx, statement!.id);
    return { statementId: statement!.id, counts, unreadable };
  });
}
