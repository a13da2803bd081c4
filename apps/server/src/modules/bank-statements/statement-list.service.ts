import { STATEMENT_LINE_OUTCOMES, type StatementLineOutcome } from "@app/shared/bank-statements/outcomes";
import { LIST_PAGE_SIZE } from "@app/shared/limits";
import { STATEMENT_NOT_FOUND } from "@app/shared/messages";
import { balanceOf } from "@app/shared/payment-balance";
import type { ListQuery } from "@app/shared/schemas/lists";
import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { listAnswer, listOrder, normalised, pageWindow, searchCondition } from "../../db/lists";
import {
  authUser,
  bankColumnMappings,
  bankStatementLines,
  bankStatements,
  courses,
  enrollments,
} from "../../db/schema";
import { ApiError } from "../../http/errors";
import { paidWhileAwaiting } from "../payment-recording/balance";

/** What finance reads of the imports (decision 072): the list of statements, one statement's lines. */

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
      paid: paidWhileAwaiting(),
    })
    .from(bankStatementLines)
    .leftJoin(enrollments, eq(enrollments.id, bankStatementLines.enrollmentId))
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .$dynamic();
}

type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>["execute"]>>[number];

function toLine({ l, e, price, paid }: LineRow) {
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
    enrollment: e ? { ...e, amountDue: balanceOf(price ?? 0, paid ?? 0).balance } : null,
    difference: l.differenceChoice,
    differenceReason: l.differenceReason,
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

/** One line as the screen shows it (after finance decided on it). */
export async function statementLine(db: Database, lineId: string) {
  const [row] = await selectLines(db).where(eq(bankStatementLines.id, lineId));
  return toLine(row!);
}
