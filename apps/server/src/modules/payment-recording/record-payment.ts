import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { type PaymentMethod, RECEIPT_PAYMENT_METHOD } from "@app/shared/enums";
import {
  balanceAwaitedSuffix,
  differenceAcceptedSuffix,
  excessSuffix,
  receiptPaymentNotes,
} from "@app/shared/history-notes";
import { ENROLLMENT_ALREADY_PAID, paymentShortOfBalance } from "@app/shared/messages";
import {
  type Balance,
  balanceOf,
  type DifferenceChoice,
  type PaymentFit,
  paymentFit,
} from "@app/shared/payment-balance";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { enrollments, payments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { MailQueue } from "../../mail/mail-queue";
import { recordEvent } from "../enrollments/enrollment-history";
import { dropReferences } from "../payment-references/drop-references";
import { queueReference } from "../payment-references/queue-reference";
import type { PaymentReferences } from "../payment-references/references-setup";
import type { Sms } from "../sms/sms-setup";
import { queueEnrolledSms } from "../sms/student-sms";
import { enrollmentBalance } from "./balance";
import {
  balanceAwaitedEmail,
  enqueueStudentEmail,
  type PaymentEmail,
  receiptApprovedEmail,
  type StudentEmail,
  withExcess,
} from "./payment-emails";

/**
 * The one place a payment of an enrolment is recorded (issue 33, decision 079), whichever way the money
 * came: a receipt approved, a bank-statement line confirmed (bank transfer), a Multicaixa reference paid
 * (by itself or applied by finance), and the next ones (an imported payment, a second provider). Each
 * source finds its enrolment, locks it (`lockEnrollment`) in its own transaction and calls
 * `recordPayment`; the exactly-once rule is here: a payment only for an enrolment still awaiting one.
 * The rule for a payment short of or above the price (issue 34) belongs here too, beside that one.
 */

/** `baseUrl` (BASE_URL) puts the link to /aluno/pagamento in the student's e-mail. */
export type RecordingDeps = {
  db: Database;
  mail: MailQueue;
  baseUrl: string;
  /** Multicaixa references when on: a payment recorded any way deletes the enrolment's live reference. */
  references?: PaymentReferences;
  /** SMS to students (decision 092) when on: 'enrolled' is told by SMS beside its e-mail. */
  sms?: Sms;
};

/**
 * Locks an enrolment's row for the rest of the transaction: two ways of paying the same enrolment at once
 * wait for each other here, and the second then meets it paid.
 */
export async function lockEnrollment(tx: Tx, id: string) {
  const [enrollment] = await tx.select().from(enrollments).where(eq(enrollments.id, id)).for("update");
  return enrollment!;
}

export interface PaidInput {
  amount: number;
  paymentDate: string;
  referenceCode: string | null;
  receiptId?: string;
  historyNote: string;
  /** Default RECEIPT_PAYMENT_METHOD, with receiptPaymentNotes and receiptApprovedEmail. */
  method?: PaymentMethod;
  /** Default receiptPaymentNotes; null keeps none (the desk's notes left empty). */
  notes?: string | null;
  /** Default 'completed'; the desk's 'Confirmar pagamento' records 'confirmed' (SPEC §4). */
  status?: "completed" | "confirmed";
  email?: PaymentEmail;
  /**
   * What to do when the amount is short of what the enrolment owes (decision 083): wait for the balance,
   * or accept the difference with a reason. Without it a short payment is refused (409) and nothing changes.
   */
  difference?: DifferenceChoice;
}

/** What a payment did to the enrolment: paid what it owed, left a balance awaited, had it accepted, paid above it. */
export type PaymentOutcome = "paid" | "awaiting_balance" | "difference_accepted" | "excess";

/**
 * What a payment of `amount` does to the enrolment's balance `before` (decision 083): short of it without
 * `difference` it is refused (409 'payment_difference_undecided') and nothing changes. A source that must
 * know before recording (the desk takes a class seat only when the payment enrols) asks this too.
 */
export function decidePayment(before: Balance, amount: number, difference: DifferenceChoice | undefined) {
  const fit = paymentFit(before.balance, amount);
  if (fit.kind === "short" && !difference) throw ApiError.of(409, paymentShortOfBalance(amount, before.balance));
  const accepted = fit.kind === "short" && difference?.choice === "accept" ? difference.reason : null;
  const outcome: PaymentOutcome =
    fit.kind === "exact"
      ? "paid"
      : fit.kind === "over"
        ? "excess"
        : accepted
          ? "difference_accepted"
          : "awaiting_balance";
  return { fit, accepted, outcome };
}

/**
 * A payment of an enrolment, on the enrolment row the caller LOCKED, which must still await payment
 * (RECEIPT_SENDING_STATUSES; otherwise 409 'already paid', so any two ways of paying the same enrolment
 * give one payment whichever comes first): a completed payment (by default 'Transferência Bancária',
 * 'Pagamento validado. Ref: {code}'), its live Multicaixa references dropped, History (`actorUserId`
 * null when no person did it), and the student's e-mail enqueued in the transaction.
 *
 * The amount against what the enrolment still owes (its price less the payments recorded, decision 083):
 * the same → enrolled; above → enrolled, the excess kept on the payment for finance to refund or credit;
 * short → `paid.difference` decides: wait (partial_payment, the student told what is missing, a new
 * Multicaixa reference for it when references are on) or accept (enrolled, the reason kept on the payment).
 */
export async function recordPayment(
  tx: Tx,
  deps: RecordingDeps,
  actorUserId: string | null,
  enrollment: typeof enrollments.$inferSelect,
  paid: PaidInput,
): Promise<{ paymentId: string; studentEmail: StudentEmail; outcome: PaymentOutcome; balance: Balance }> {
  if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) throw ApiError.of(409, ENROLLMENT_ALREADY_PAID);
  const before = await enrollmentBalance(tx, enrollment);
  const { fit, accepted, outcome } = decidePayment(before, paid.amount, paid.difference);
  const status = outcome === "awaiting_balance" ? "partial_payment" : "enrolled";
  const [payment] = await tx
    .insert(payments)
    .values({
      enrollmentId: enrollment.id,
      amount: paid.amount,
      paymentDate: paid.paymentDate,
      paymentMethod: paid.method ?? RECEIPT_PAYMENT_METHOD,
      status: paid.status ?? "completed",
      notes: paid.notes === undefined ? receiptPaymentNotes(paid.referenceCode) : paid.notes,
      receiptId: paid.receiptId ?? null,
      balanceAfter: fit.remaining,
      ...(accepted
        ? { differenceReason: accepted, differenceAcceptedBy: actorUserId, differenceAcceptedAt: new Date() }
        : {}),
    })
    .returning({ id: payments.id });
  await tx.update(enrollments).set({ status }).where(eq(enrollments.id, enrollment.id));
  await dropReferences(tx, deps.references, enrollment.id);
  if (status === "partial_payment" && deps.references) await queueReference(tx, deps.references, enrollment);
  await recordEvent(tx, enrollment.id, {
    actorUserId,
    fromStatus: enrollment.status,
    toStatus: status,
    note: paid.historyNote + outcomeSuffix(outcome, fit.remaining, before.due, accepted),
  });
  const studentEmail = await enqueueStudentEmail(
    tx,
    deps,
    paid,
    enrollment,
    emailFor(outcome, paid, fit, before, deps),
  );
  if (status === "enrolled") await queueEnrolledSms(tx, deps.sms, enrollment.id);
  return { paymentId: payment!.id, studentEmail, outcome, balance: balanceOf(before.due, before.paid + paid.amount) };
}

function outcomeSuffix(outcome: PaymentOutcome, remaining: number, due: number, reason: string | null): string {
  if (outcome === "awaiting_balance") return balanceAwaitedSuffix(remaining, due);
  if (outcome === "difference_accepted") return differenceAcceptedSuffix(remaining, reason!);
  if (outcome === "excess") return excessSuffix(-remaining);
  return "";
}

function emailFor(
  outcome: PaymentOutcome,
  paid: PaidInput,
  fit: PaymentFit,
  before: Balance,
  deps: RecordingDeps,
): PaymentEmail {
  const compose = paid.email ?? receiptApprovedEmail;
  if (outcome === "excess") return withExcess(compose, -fit.remaining);
  if (outcome !== "awaiting_balance") return compose;
  return (input) =>
    balanceAwaitedEmail({ ...input, due: before.due, remaining: fit.remaining, multicaixa: Boolean(deps.references) });
}
