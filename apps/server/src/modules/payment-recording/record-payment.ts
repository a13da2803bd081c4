import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { type PaymentMethod, RECEIPT_PAYMENT_METHOD } from "@app/shared/enums";
import { receiptPaymentNotes } from "@app/shared/history-notes";
import { ENROLLMENT_ALREADY_PAID } from "@app/shared/messages";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { enrollments, payments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { MailQueue } from "../../mail/mail-queue";
import { recordEvent } from "../enrollments/enrollment-history";
import { dropReferences } from "../payment-references/drop-references";
import type { PaymentReferences } from "../payment-references/references-setup";
import { enqueueStudentEmail, type PaymentEmail, receiptApprovedEmail, type StudentEmail } from "./payment-emails";

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
  notes?: string;
  email?: PaymentEmail;
}

/**
 * A payment of an enrolment, on the enrolment row the caller LOCKED, which must still await payment
 * (RECEIPT_SENDING_STATUSES; otherwise 409 'already paid', so any two ways of paying the same enrolment
 * give one payment whichever comes first): a completed payment (by default 'Transferência Bancária',
 * 'Pagamento validado. Ref: {code}'), the enrolment → enrolled, its live Multicaixa references dropped,
 * History (`actorUserId` null when no person did it), and the student's e-mail enqueued in the transaction.
 */
export async function recordPayment(
  tx: Tx,
  deps: RecordingDeps,
  actorUserId: string | null,
  enrollment: typeof enrollments.$inferSelect,
  paid: PaidInput,
): Promise<{ paymentId: string; studentEmail: StudentEmail }> {
  if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) throw ApiError.of(409, ENROLLMENT_ALREADY_PAID);
  const [payment] = await tx
    .insert(payments)
    .values({
      enrollmentId: enrollment.id,
      amount: paid.amount,
      paymentDate: paid.paymentDate,
      paymentMethod: paid.method ?? RECEIPT_PAYMENT_METHOD,
      status: "completed",
      notes: paid.notes ?? receiptPaymentNotes(paid.referenceCode),
      receiptId: paid.receiptId ?? null,
    })
    .returning({ id: payments.id });
  await tx.update(enrollments).set({ status: "enrolled" }).where(eq(enrollments.id, enrollment.id));
  await dropReferences(tx, deps.references, enrollment.id);
  await recordEvent(tx, enrollment.id, {
    actorUserId,
    fromStatus: enrollment.status,
    toStatus: "enrolled",
    note: paid.historyNote,
  });
  const studentEmail = await enqueueStudentEmail(tx, deps, paid, enrollment, paid.email ?? receiptApprovedEmail);
  return { paymentId: payment!.id, studentEmail };
}
