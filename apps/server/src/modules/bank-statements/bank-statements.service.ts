import type {
  assignLineSchema,
  confirmLinesSchema,
  ignoreLineSchema,
} from "@app/shared/contract/bank-statements.schemas";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { statementLineAssignedNote, statementPaymentNote } from "@app/shared/history-notes";
import {
  ENROLLMENT_ALREADY_PAID,
  ENROLLMENT_NOT_FOUND,
  paymentShortOfBalance,
  STATEMENT_ENROLLMENT_NOT_PAYABLE,
  STATEMENT_LINE_DECIDED,
  STATEMENT_LINE_NOT_CONFIRMABLE,
  STATEMENT_LINE_NOT_FOUND,
  STATEMENT_NOT_FOUND,
} from "@app/shared/messages";
import { type DifferenceChoice, fromCents, paymentFit } from "@app/shared/payment-balance";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { bankStatementLines, bankStatements, enrollments, paymentReceipts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { recordEvent } from "../enrollments/enrollment-history";
import {
  lockEnrollment,
  type RecordingDeps as ReviewDeps,
  recordPayment as recordTransferPayment,
} from "../payment-recording/record-payment";
import { statementLine } from "./statement-list.service";
import { asCandidate, candidateRows, outcomeFor, toCents } from "./statement-matching";
import { linkLine } from "./statement-receipts";

/** Finance's decisions on a statement's lines (decision 070): assign by hand, ignore, confirm (pays). */

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
 * worked out again for that enrolment, and it may then be confirmed whatever its amount. A line short of
 * what the enrolment owes keeps finance's choice for its confirmation (409 without one, decision 083).
 */
export async function assignLine(
  db: Database,
  actorUserId: string,
  statementId: string,
  lineId: string,
  input: z.output<typeof assignLineSchema>,
) {
  const { enrollmentId } = input;
  await db.transaction(async (tx) => {
    const line = await lockOpenLine(tx, statementId, lineId);
    const [target] = await candidateRows(tx).where(eq(enrollments.id, enrollmentId));
    if (!target) throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
    if (!RECEIPT_SENDING_STATUSES.includes(target.status)) throw ApiError.of(409, STATEMENT_ENROLLMENT_NOT_PAYABLE);
    const candidate = asCandidate(target);
    const owed = fromCents(candidate.dueCents);
    const short = paymentFit(owed, line.amount).kind === "short";
    if (short && !input.difference) throw ApiError.of(409, paymentShortOfBalance(line.amount, owed));
    const difference = short ? input.difference : undefined;
    await tx
      .update(bankStatementLines)
      .set({
        enrollmentId,
        // A receipt linked for the enrolment chosen before is not this enrolment's (linked again below).
        receiptId: null,
        assignedByHand: true,
        proposed: false,
        outcome: outcomeFor(candidate, toCents(line.amount)),
        differenceChoice: difference?.choice ?? null,
        differenceReason: difference?.choice === "accept" ? difference.reason : null,
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
  return statementLine(db, lineId);
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
  return statementLine(db, lineId);
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
 * `recordTransferPayment`: one payment, enrolled (or awaiting the balance, as chosen when the line was
 * assigned: decision 083), History naming the line, the student's e-mail. Two confirms at once: the
 * second meets the line confirmed; a receipt approved meanwhile: the enrolment is paid, the line becomes
 * 'Já pago'. The lines not confirmed are answered with the reason.
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
  const awaitingBalance: { lineId: string; balance: number }[] = [];
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
        const { paymentId, outcome, balance } = await recordTransferPayment(tx, deps, actorUserId, enrollment, {
          amount: line.amount,
          paymentDate: line.date,
          referenceCode: enrollment.paymentReferenceCode,
          receiptId: pending?.id,
          historyNote: statementPaymentNote(line.amount, line.lineNumber, statement.fileName, statement.bankName),
          difference: lineDifference(line),
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
        return outcome === "awaiting_balance" ? { balance: balance.balance } : true;
      });
      if (paid) confirmed.push(lineId);
      else refused.push({ lineId, message: ENROLLMENT_ALREADY_PAID.message });
      if (typeof paid === "object") awaitingBalance.push({ lineId, ...paid });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      refused.push({ lineId, message: err.message });
    }
  }
  return { confirmed, refused, awaitingBalance };
}

/** The choice kept on a line when it was assigned (decision 083). */
function lineDifference(line: typeof bankStatementLines.$inferSelect): DifferenceChoice | undefined {
  if (line.differenceChoice === "accept") return { choice: "accept", reason: line.differenceReason! };
  if (line.differenceChoice === "await_balance") return { choice: "await_balance" };
  return undefined;
}
