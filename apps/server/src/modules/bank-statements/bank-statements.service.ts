import { type AmountConvention, amountConvention, readAmount } from "@app/shared/bank-statements/amounts";
import { lineChecksums } from "@app/shared/bank-statements/checksum";
import { findCodes, indexCodes } from "@app/shared/bank-statements/codes";
import { readDate } from "@app/shared/bank-statements/dates";
import {
  CREDIT_DEBIT_UNREADABLE,
  STATEMENT_LINE_OUTCOMES,
  type StatementLineOutcome,
  zeroAmountReason,
} from "@app/shared/bank-statements/outcomes";
import { FIXED_MAPPING, type StatementFormat } from "@app/shared/bank-statements/table";
import {
  BANK_STATEMENT_MESSAGES,
  bankNameSchema,
  type ColumnMapping,
  columnMappingSchema,
  type confirmLinesSchema,
  type ignoreLineSchema,
} from "@app/shared/contract/bank-statements.schemas";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import type { EnrollmentStatus } from "@app/shared/enums";
import { statementLineAssignedNote, statementPaymentNote } from "@app/shared/history-notes";
import { LIST_PAGE_SIZE, MAX_FILE_BYTES } from "@app/shared/limits";
import {
  ENROLLMENT_ALREADY_PAID,
  ENROLLMENT_NOT_FOUND,
  FILE_TOO_LARGE,
  REQUIRED_FIELDS,
  STATEMENT_ENROLLMENT_NOT_PAYABLE,
  STATEMENT_LINE_DECIDED,
  STATEMENT_LINE_NOT_CONFIRMABLE,
  STATEMENT_LINE_NOT_FOUND,
  STATEMENT_NOT_FOUND,
} from "@app/shared/messages";
import type { ListQuery } from "@app/shared/schemas/lists";
import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { listAnswer, listOrder, normalised, pageWindow, searchCondition } from "../../db/lists";
import {
  authUser,
  bankColumnMappings,
  bankStatementLines,
  bankStatements,
  courses,
  enrollments,
  paymentReceipts,
} from "../../db/schema";
import { ApiError } from "../../http/errors";
import { recordEvent } from "../enrollments/enrollment-history";
import {
  lockEnrollment,
  type RecordingDeps as ReviewDeps,
  recordPayment as recordTransferPayment,
} from "../payment-recording/record-payment";
import { readStatementFile } from "./statement-file";
import { linkLine, linkStatement } from "./statement-receipts";

type FormFields = Record<string, unknown>;
const issue = (path: string, message: string) => ApiError.of(400, REQUIRED_FIELDS, [{ path, message }]);

/** The enrolment statuses that mean its payment is already recorded. */
const PAID_STATUSES: readonly EnrollmentStatus[] = ["enrolled", "completed", "not_completed"];

/** Bank name and the statement's table (any format, decision 073) of a form (400 when missing or unreadable, 413 above 5 MB). */
async function readStatementForm(form: FormFields) {
  const bank = bankNameSchema.safeParse(form.bankName);
  if (!bank.success) throw issue("bankName", BANK_STATEMENT_MESSAGES.bankName);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw issue("file", BANK_STATEMENT_MESSAGES.file);
  if (file.size > MAX_FILE_BYTES) throw ApiError.of(413, FILE_TOO_LARGE);
  const table = readStatementFile(new Uint8Array(await file.arrayBuffer()));
  if ("error" in table) throw issue("file", table.error);
  return { bankName: bank.data, fileName: file.name.slice(0, 255) || "extrato", table };
}

/** MT940 and CAMT.053 have one structure for every bank: their columns are read by a fixed mapping. */
const fixedMapping = (format: StatementFormat): ColumnMapping | null =>
  format === "mt940" || format === "camt053" ? FIXED_MAPPING : null;

async function rememberedMapping(db: Database | Tx, bankName: string): Promise<ColumnMapping | null> {
  const [row] = await db.select().from(bankColumnMappings).where(eq(bankColumnMappings.bankName, bankName));
  if (!row) return null;
  const { dateColumn, amountColumn, creditColumn, debitColumn, referenceColumn, payerColumn } = row;
  return { dateColumn, amountColumn, creditColumn, debitColumn, referenceColumn, payerColumn };
}

/** POST /admin/bank-statements/preview: what the mapping step shows; nothing is stored. */
export async function previewStatement(db: Database, form: FormFields) {
  const { bankName, table } = await readStatementForm(form);
  return {
    delimiter: table.delimiter,
    header: table.header,
    preamble: table.preamble,
    rows: table.rows.slice(0, 10).map((r) => r.cells),
    mapping: fixedMapping(table.format) ?? (await rememberedMapping(db, bankName)),
  };
}

function readMapping(form: FormFields, width: number): ColumnMapping {
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

type ReadLine = { line: number; date: string; cents: number; reference: string; payer: string };

/** One table row read with the mapping: the line, or why it cannot be read (never guessed). */
function readRow(
  cells: string[],
  line: number,
  m: ColumnMapping,
  convention: AmountConvention,
): ReadLine | { line: number; reason: string } {
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

type Candidate = { id: string; code: string; status: EnrollmentStatus; dueCents: number };

/** Enrolments as the matching reads them: the code and the course's price (what is due). */
function candidateRows(tx: Tx) {
  return tx
    .select({
      id: enrollments.id,
      code: enrollments.paymentReferenceCode,
      status: enrollments.status,
      price: courses.price,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .$dynamic();
}

const asCandidate = (row: { id: string; code: string | null; status: EnrollmentStatus; price: number }): Candidate => ({
  id: row.id,
  code: row.code ?? "",
  status: row.status,
  dueCents: toCents(row.price),
});

/** The matching's outcome of a credit of `cents` for `enrollment` (issue 25 'Matching'). */
function outcomeFor(enrollment: Candidate | undefined, cents: number): StatementLineOutcome {
  if (!enrollment) return "unmatched";
  if (PAID_STATUSES.includes(enrollment.status)) return "already_paid";
  if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) return "unmatched";
  return enrollment.dueCents === cents ? "matched" : "divergent";
}

const toCents = (kz: number) => Math.round(kz * 100);
const INSERT_BATCH = 1000;

/**
 * POST /admin/bank-statements: every row read with the pure functions of decision 069; debits and
 * unreadable lines are not stored (the latter answered with their reason); credit lines whose checksum
 * is known are skipped; the rest are matched to enrolments by code and stored. One transaction: the
 * mapping remembered for the bank, the statement and its new lines. Two imports of one file at once:
 * the checksum's unique index keeps each line once (ON CONFLICT DO NOTHING).
 */
export async function importStatement(db: Database, actorUserId: string, form: FormFields) {
  const { bankName, fileName, table } = await readStatementForm(form);
  const width = table.header?.length ?? table.rows[0]?.cells.length ?? 0;
  const mapping = readMapping(form, width);
  const unreadable: { line: number; reason: string }[] = [...table.irregular];
  const credits: ReadLine[] = [];
  let debits = 0;
  // The decimals of the amount columns, judged over the whole file (decision 073).
  const amountColumns = [mapping.amountColumn, mapping.creditColumn, mapping.debitColumn].filter((c) => c !== null);
  const convention = amountConvention(table.rows.flatMap((r) => amountColumns.map((c) => r.cells[c]!)));
  for (const row of table.rows) {
    const read = readRow(row.cells, row.line, mapping, convention);
    if ("reason" in read) unreadable.push(read);
    else if (read.cents < 0) debits++;
    else credits.push(read);
  }
  unreadable.sort((a, b) => a.line - b.line);
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

    const rows = credits.map((c, i) => {
      const found = findCodes(c.reference, index);
      const enrollment = found.kind === "exact" || found.kind === "proposed" ? byCode.get(found.code) : undefined;
      return {
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
      };
    });
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

function selectLines(db: Database | Tx) {
  return db
    .select({
      l: bankStatementLines,
      e: {
        id: enrollments.id,
        studentName: enrollments.studentName,
        paymentReferenceCode: enrollments.paymentReferenceCode,
      },
      price: courses.price,
    })
    .from(bankStatementLines)
    .leftJoin(enrollments, eq(enrollments.id, bankStatementLines.enrollmentId))
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .$dynamic();
}

type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>["execute"]>>[number];

function toLine({ l, e, price }: LineRow) {
  return {
    id: l.id,
    lineNumber: l.lineNumber,
    date: l.date,
    amount: l.amount,
    reference: l.reference,
    payer: l.payer,
    outcome: l.outcome,
    proposed: l.proposed,
    assignedByHand: l.assignedByHand,
    enrollment: e ? { ...e, amountDue: price ?? 0 } : null,
    ignoreReason: l.ignoreReason,
    paymentId: l.paymentId,
    decidedAt: l.decidedAt?.toISOString() ?? null,
  };
}

type OutcomeCounts = Record<StatementLineOutcome, number>;
const noLines = (): OutcomeCounts => Object.fromEntries(STATEMENT_LINE_OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;

/** How many lines of each statement of `ids` have each outcome (every outcome present, 0 when none). */
async function outcomeCounts(db: Database, ids: string[]): Promise<Map<string, OutcomeCounts>> {
  const byStatement = new Map(ids.map((id) => [id, noLines()]));
  if (ids.length === 0) return byStatement;
  const rows = await db
    .select({
      statementId: bankStatementLines.statementId,
      outcome: bankStatementLines.outcome,
      n: sql<number>`count(*)::int`,
    })
    .from(bankStatementLines)
    .where(inArray(bankStatementLines.statementId, ids))
    .groupBy(bankStatementLines.statementId, bankStatementLines.outcome);
  for (const { statementId, outcome, n } of rows) byStatement.get(statementId)![outcome] = n;
  return byStatement;
}

function selectStatements(db: Database) {
  return db
    .select({ s: bankStatements, importedBy: authUser.name })
    .from(bankStatements)
    .leftJoin(authUser, eq(authUser.id, bankStatements.importedBy))
    .$dynamic();
}

type StatementRow = Awaited<ReturnType<ReturnType<typeof selectStatements>["execute"]>>[number];

const toSummary = ({ s, importedBy }: StatementRow, counts: OutcomeCounts) => ({
  id: s.id,
  bankName: s.bankName,
  fileName: s.fileName,
  importedAt: s.importedAt.toISOString(),
  importedBy,
  periodStart: s.periodStart,
  periodEnd: s.periodEnd,
  counts,
});

/**
 * GET /admin/bank-statements: a page of the imports, newest first (decision 072), each with how many of
 * its lines have each outcome; and the banks whose mapping is remembered, for the import's bank field.
 */
export async function listStatements(db: Database, query: ListQuery<"importedAt">) {
  const where = searchCondition(query.q, [normalised(bankStatements.bankName), normalised(bankStatements.fileName)]);
  const order = listOrder(
    query,
    { importedAt: bankStatements.importedAt },
    { by: bankStatements.importedAt, dir: "desc" },
    bankStatements.id,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [count], banks] = await Promise.all([
    selectStatements(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(bankStatements).where(where),
    db.select({ name: bankColumnMappings.bankName }).from(bankColumnMappings).orderBy(asc(bankColumnMappings.bankName)),
  ]);
  const counts = await outcomeCounts(
    db,
    rows.map((r) => r.s.id),
  );
  return {
    ...listAnswer(
      query,
      rows.map((r) => toSummary(r, counts.get(r.s.id)!)),
      count!.total,
    ),
    banks: banks.map((b) => b.name),
  };
}

const FIRST_PAGE = { page: 1, pageSize: LIST_PAGE_SIZE };

/** A line that may be confirmed now: 'Corresponde', or assigned by hand and still open (decision 070). */
const confirmable = or(
  eq(bankStatementLines.outcome, "matched"),
  and(eq(bankStatementLines.assignedByHand, true), eq(bankStatementLines.outcome, "divergent")),
);

/**
 * GET /admin/bank-statements/{id}: the statement, its count per outcome, the ids of every line that may
 * be confirmed (the screen's default selection, decision 072) and one page of its lines in file order,
 * of one outcome when asked.
 */
export async function getStatement(
  db: Database,
  id: string,
  query: ListQuery<"lineNumber"> & { outcome?: StatementLineOutcome | undefined } = FIRST_PAGE,
) {
  const [statement] = await selectStatements(db).where(eq(bankStatements.id, id));
  if (!statement) throw ApiError.of(404, STATEMENT_NOT_FOUND);
  const ofStatement = eq(bankStatementLines.statementId, id);
  const where = and(
    ofStatement,
    query.outcome ? eq(bankStatementLines.outcome, query.outcome) : undefined,
    searchCondition(query.q, [normalised(bankStatementLines.reference), normalised(bankStatementLines.payer)]),
  );
  const byLine = bankStatementLines.lineNumber;
  const order = listOrder(query, { lineNumber: byLine }, { by: byLine, dir: "asc" }, bankStatementLines.id);
  const { limit, offset } = pageWindow(query);
  const [lines, open, counts, searched] = await Promise.all([
    selectLines(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(and(ofStatement, confirmable, isNotNull(bankStatementLines.enrollmentId)))
      .orderBy(asc(bankStatementLines.lineNumber), asc(bankStatementLines.id)),
    outcomeCounts(db, [id]),
    // Without a search the total is the outcome's count; a search counts its matches.
    query.q ? db.select({ total: sql<number>`count(*)::int` }).from(bankStatementLines).where(where) : [undefined],
  ]);
  const perOutcome = counts.get(id)!;
  const total =
    searched[0]?.total ??
    (query.outcome ? perOutcome[query.outcome] : Object.values(perOutcome).reduce((sum, n) => sum + n, 0));
  return {
    ...toSummary(statement, perOutcome),
    lines: lines.map(toLine),
    total,
    page: query.page,
    pageSize: query.pageSize,
    confirmableIds: open.map((l) => l.id),
  };
}

async function getLine(db: Database, lineId: string) {
  const [row] = await selectLines(db).where(eq(bankStatementLines.id, lineId));
  return toLine(row!);
}

/** Locks a line of the statement; a confirmed or ignored one is decided for good (409). */
async function lockOpenLine(tx: Tx, statementId: string, lineId: string) {
  const [line] = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.statementId, statementId)))
    .for("update");
  if (!line) throw ApiError.of(404, STATEMENT_LINE_NOT_FOUND);
  if (line.outcome === "confirmed" || line.outcome === "ignored") throw ApiError.of(409, STATEMENT_LINE_DECIDED);
  return line;
}

/**
 * Finance assigns a line to an enrolment by hand (it awaits payment, or 409): the line's outcome is
 * worked out again for that enrolment, and it may then be confirmed whatever its amount.
 */
export async function assignLine(
  db: Database,
  actorUserId: string,
  statementId: string,
  lineId: string,
  enrollmentId: string,
) {
  await db.transaction(async (tx) => {
    const line = await lockOpenLine(tx, statementId, lineId);
    const [target] = await candidateRows(tx).where(eq(enrollments.id, enrollmentId));
    if (!target) throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
    if (!RECEIPT_SENDING_STATUSES.includes(target.status)) throw ApiError.of(409, STATEMENT_ENROLLMENT_NOT_PAYABLE);
    const candidate = asCandidate(target);
    await tx
      .update(bankStatementLines)
      .set({
        enrollmentId,
        // A receipt linked for the enrolment chosen before is not this enrolment's (linked again below).
        receiptId: null,
        assignedByHand: true,
        proposed: false,
        outcome: outcomeFor(candidate, toCents(line.amount)),
        decidedBy: actorUserId,
        decidedAt: new Date(),
      })
      .where(eq(bankStatementLines.id, lineId));
    // The enrolment's History says who attributed which line to it (issue 25: every decision).
    const [statement] = await tx
      .select({ fileName: bankStatements.fileName, bankName: bankStatements.bankName })
      .from(bankStatements)
      .where(eq(bankStatements.id, statementId));
    await recordEvent(tx, enrollmentId, {
      actorUserId,
      fromStatus: target.status,
      toStatus: target.status,
      note: statementLineAssignedNote(line.amount, line.lineNumber, statement!.fileName, statement!.bankName),
    });
    await linkLine(tx, lineId);
  });
  return getLine(db, lineId);
}

/** Finance ignores a line, with the reason. */
export async function ignoreLine(
  db: Database,
  actorUserId: string,
  statementId: string,
  lineId: string,
  input: z.output<typeof ignoreLineSchema>,
) {
  await db.transaction(async (tx) => {
    await lockOpenLine(tx, statementId, lineId);
    await tx
      .update(bankStatementLines)
      .set({ outcome: "ignored", ignoreReason: input.reason, decidedBy: actorUserId, decidedAt: new Date() })
      .where(eq(bankStatementLines.id, lineId));
  });
  return getLine(db, lineId);
}

/** The enrolment's pending receipt (at most one), locked; `skipLocked`: none when another holds it. */
async function pendingReceipt(tx: Tx, enrollmentId: string, skipLocked: boolean) {
  const [row] = await tx
    .select({ id: paymentReceipts.id })
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.enrollmentId, enrollmentId), eq(paymentReceipts.status, "pending")))
    .for("update", skipLocked ? { skipLocked: true } : {});
  if (!row) return undefined;
  const [linked] = await tx
    .select({ id: bankStatementLines.id })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.receiptId, row.id));
  return { id: row.id, linked: Boolean(linked) };
}

/**
 * POST /admin/bank-statements/{id}/confirm: each chosen line, in its own transaction, locked, still open
 * and 'Corresponde' or assigned by hand, pays its enrolment (locked) through the receipt approval's own
 * `recordTransferPayment`: one payment, enrolled, History naming the line, the student's e-mail. Two
 * confirms at once: the second meets the line confirmed; a receipt approved meanwhile: the enrolment is
 * paid, the line becomes 'Já pago'. The lines not confirmed are answered with the reason.
 */
export async function confirmLines(
  deps: ReviewDeps,
  actorUserId: string,
  statementId: string,
  input: z.output<typeof confirmLinesSchema>,
) {
  const { db } = deps;
  const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.id, statementId));
  if (!statement) throw ApiError.of(404, STATEMENT_NOT_FOUND);
  const confirmed: string[] = [];
  const refused: { lineId: string; message: string }[] = [];
  for (const lineId of [...new Set(input.lineIds)]) {
    try {
      const paid = await db.transaction(async (tx) => {
        const line = await lockOpenLine(tx, statementId, lineId);
        if (!line.enrollmentId || !(line.outcome === "matched" || line.assignedByHand)) {
          throw ApiError.of(409, STATEMENT_LINE_NOT_CONFIRMABLE);
        }
        // The enrolment's pending receipt is locked before the enrolment, as an approval does (receipt →
        // enrolment): an approval under way is waited for, then its receipt is no longer pending.
        let pending = await pendingReceipt(tx, line.enrollmentId, false);
        const enrollment = await lockEnrollment(tx, line.enrollmentId);
        if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) {
          await tx.update(bankStatementLines).set({ outcome: "already_paid" }).where(eq(bankStatementLines.id, lineId));
          await linkLine(tx, lineId);
          return false;
        }
        // A receipt sent between the two locks: taken unless an approval holds it (it then meets 'enrolled').
        pending ??= await pendingReceipt(tx, line.enrollmentId, true);
        const { paymentId } = await recordTransferPayment(tx, deps, actorUserId, enrollment, {
          amount: line.amount,
          paymentDate: line.date,
          referenceCode: enrollment.paymentReferenceCode,
          receiptId: pending?.id,
          historyNote: statementPaymentNote(line.amount, line.lineNumber, statement.fileName, statement.bankName),
        });
        // Decision 074: the statement is the truth, so the pending receipt is approved by the same
        // confirmation (one payment, naming both) and linked to the line unless another line has it.
        if (pending) {
          await tx
            .update(paymentReceipts)
            .set({ status: "approved", reviewedAt: new Date(), reviewedBy: actorUserId })
            .where(eq(paymentReceipts.id, pending.id));
        }
        const keep = line.receiptId ?? (pending && !pending.linked ? pending.id : null);
        await tx
          .update(bankStatementLines)
          .set({ outcome: "confirmed", paymentId, receiptId: keep, decidedBy: actorUserId, decidedAt: new Date() })
          .where(eq(bankStatementLines.id, lineId));
        return true;
      });
      if (paid) confirmed.push(lineId);
      else refused.push({ lineId, message: ENROLLMENT_ALREADY_PAID.message });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      refused.push({ lineId, message: err.message });
    }
  }
  return { confirmed, refused };
}
