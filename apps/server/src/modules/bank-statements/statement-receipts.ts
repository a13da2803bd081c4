import {
  LINKABLE_RECEIPT_STATUSES,
  RECEIPT_LINE_DAYS,
  STATEMENT_TEXT_KEPT_DAYS,
} from "@app/shared/bank-statements/receipt-links";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { bankStatementLines, bankStatements, paymentReceipts } from "../../db/schema";
import type { Logger } from "../../logger";
import { runPeriodically } from "../../run-periodically";

/** Lines that may be linked: not ignored, and with an enrolment (decision 074). */
const OPEN_FOR_LINK = sql`${bankStatementLines.outcome} <> 'ignored'`;

/**
 * Links the statement lines and receipts in `scope` (a condition on `bank_statement_lines` and/or
 * `payment_receipts`) that are one payment: same enrolment, equal amount, dates at most
 * RECEIPT_LINE_DAYS apart, a pending or approved receipt, neither linked yet; the nearest dates first,
 * each line and each receipt at most once. A line whose receipt is approved and which is still open
 * becomes 'Já pago' (it must never pay twice). A line another transaction holds (a confirmation under
 * way) is skipped, so linking never waits on a line: the lock order stays line → receipt → enrolment.
 * A receipt linked meanwhile by another transaction (unique index) is left as that one linked it.
 */
export async function linkReceipts(tx: Tx, scope: SQL) {
  const pairs = await tx
    .selectDistinctOn([paymentReceipts.id], { receiptId: paymentReceipts.id, lineId: bankStatementLines.id })
    .from(bankStatementLines)
    .innerJoin(
      paymentReceipts,
      and(
        eq(paymentReceipts.enrollmentId, bankStatementLines.enrollmentId),
        eq(paymentReceipts.paidAmount, bankStatementLines.amount),
        sql`abs(${paymentReceipts.paymentDate} - ${bankStatementLines.date}) <= ${RECEIPT_LINE_DAYS}`,
      ),
    )
    .where(
      and(
        scope,
        OPEN_FOR_LINK,
        isNull(bankStatementLines.receiptId),
        inArray(paymentReceipts.status, [...LINKABLE_RECEIPT_STATUSES]),
        sql`not exists (select 1 from ${bankStatementLines} other where other.receipt_id = ${paymentReceipts.id})`,
      ),
    )
    .orderBy(
      paymentReceipts.id,
      sql`abs(${paymentReceipts.paymentDate} - ${bankStatementLines.date})`,
      bankStatementLines.lineNumber,
    );
  const byLine = new Map<string, string>();
  for (const p of pairs) if (!byLine.has(p.lineId)) byLine.set(p.lineId, p.receiptId);
  if (byLine.size === 0) return 0;
  const free = await tx
    .select({ id: bankStatementLines.id })
    .from(bankStatementLines)
    .where(and(inArray(bankStatementLines.id, [...byLine.keys()]), isNull(bankStatementLines.receiptId)))
    .for("update", { skipLocked: true });
  if (free.length === 0) return 0;
  const values = sql.join(
    free.map(({ id }) => sql`(${id}::uuid, ${byLine.get(id)}::uuid)`),
    sql`, `,
  );
  try {
    return await tx.transaction(async (sp) => {
      const { rowCount } = await sp.execute(sql`
        update bank_statement_lines l
           set receipt_id = v.receipt_id,
               outcome = case when r.status = 'approved' and l.outcome in ('matched', 'divergent', 'unmatched')
                              then 'already_paid' else l.outcome end
          from (values ${values}) as v(line_id, receipt_id)
          join payment_receipts r on r.id = v.receipt_id
         where l.id = v.line_id`);
      return rowCount ?? 0;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 0;
    throw err;
  }
}

export const linkStatement = (tx: Tx, statementId: string) =>
  linkReceipts(tx, eq(bankStatementLines.statementId, statementId));
export const linkLine = (tx: Tx, lineId: string) => linkReceipts(tx, eq(bankStatementLines.id, lineId));
export const linkReceipt = (tx: Tx, receiptId: string) => linkReceipts(tx, eq(paymentReceipts.id, receiptId));

/**
 * A receipt approved: the line it is linked to, when still open, becomes 'Já pago' (it must never pay a
 * second time). A line a confirmation holds is skipped: that confirmation finds the enrolment paid.
 */
export async function settleLinkedLine(tx: Tx, receiptId: string) {
  await tx.execute(sql`
    update bank_statement_lines set outcome = 'already_paid'
     where id in (select id from bank_statement_lines
                   where receipt_id = ${receiptId} and outcome in ('matched', 'divergent', 'unmatched')
                   for update skip locked)`);
}

/**
 * The receipts list's view of the statements, as SQL over `payment_receipts` (no query per row):
 * 'linked' when a line is linked to it; 'missing' when it is pending or approved, has no line, and a
 * statement whose period covers its payment date was imported after it was sent (any bank: a receipt
 * does not say to which account it was paid); null otherwise.
 */
export const receiptStatementState = sql<"linked" | "missing" | null>`case
  when exists (select 1 from ${bankStatementLines} sl where sl.receipt_id = ${paymentReceipts.id}) then 'linked'
  when ${inArray(paymentReceipts.status, [...LINKABLE_RECEIPT_STATUSES])} and exists (
    select 1 from ${bankStatements} st
     where st.imported_at > ${paymentReceipts.submittedAt}
       and ${paymentReceipts.paymentDate} between st.period_start and st.period_end) then 'missing'
  end`;

/** pg_try_advisory_xact_lock's key for the retention job (the orphan sweep uses 710_071). */
export const RETENTION_LOCK = 710_074;
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Blanks the payer's name and the free text of the lines decided (confirmed or ignored) more than
 * STATEMENT_TEXT_KEPT_DAYS ago (decision 074); date, amount, checksum, enrolment, outcome and who decided
 * stay. Undecided lines keep their text. Answers how many lines were blanked, or undefined when another
 * instance is doing it at this moment.
 */
export async function blankOldStatementTexts(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as got`,
    );
    if (!rows[0]?.got) return undefined;
    const before = new Date(now.getTime() - STATEMENT_TEXT_KEPT_DAYS * 24 * 60 * 60 * 1000);
    const blanked = await tx
      .update(bankStatementLines)
      .set({ payer: "", reference: "" })
      .where(
        and(
          inArray(bankStatementLines.outcome, ["confirmed", "ignored"]),
          sql`${bankStatementLines.decidedAt} < ${before.toISOString()}`,
          sql`(${bankStatementLines.payer} <> '' or ${bankStatementLines.reference} <> '')`,
        ),
      )
      .returning({ id: bankStatementLines.id });
    return blanked.length;
  });
}

/** Once a day (and a few minutes after start), the retention job; a failure is logged and tried again. */
export function scheduleStatementRetention(db: Database, log: Logger) {
  const run = () =>
    blankOldStatementTexts(db).then(
      (count) => {
        if (count) log.info({ count }, "statement lines' payer and text blanked (decision 074)");
      },
      (err: unknown) => log.warn({ err }, "statement retention failed; tried again later"),
    );
  return runPeriodically(run, 5 * 60_000, RETENTION_EVERY_MS);
}
