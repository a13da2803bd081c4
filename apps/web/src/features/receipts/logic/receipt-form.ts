import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import type { EnrollmentStatus, ReceiptStatus } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { parseMoney } from "@app/shared/money-input";
import { receiptDivergence } from "@app/shared/rules";

type Enrollment = { id: string; status: EnrollmentStatus; paymentReferenceCode: string | null };
type Receipt = { enrollmentId: string; status: ReceiptStatus; submittedAt: string; notes: string | null };

/** What the student may do about paying one enrolment (SPEC §2 'Student payment screen'; decision 043). */
export type ReceiptStep =
  /** Not payable (not approved yet, enrolled, rejected, or no reference code). */
  | { kind: "none" }
  /** A receipt waits for the finance team: no second one until it is reviewed. */
  | { kind: "pending" }
  /** Payable; `rejection` is the reason when the latest receipt was rejected. */
  | { kind: "form"; rejection: string | null; rejected: boolean };

const PAYABLE = new Set<EnrollmentStatus>(RECEIPT_SENDING_STATUSES);

/** The enrolment's receipts, newest first (the API answers newest first; sorted again here to be sure). */
function receiptsOf<R extends Receipt>(enrollmentId: string, receipts: readonly R[]): R[] {
  return receipts
    .filter((r) => r.enrollmentId === enrollmentId)
    .sort((a, b) => (a.submittedAt < b.submittedAt ? 1 : a.submittedAt > b.submittedAt ? -1 : 0));
}

export function receiptStep(enrollment: Enrollment, receipts: readonly Receipt[]): ReceiptStep {
  if (!PAYABLE.has(enrollment.status) || !enrollment.paymentReferenceCode) return { kind: "none" };
  const own = receiptsOf(enrollment.id, receipts);
  if (own.some((r) => r.status === "pending")) return { kind: "pending" };
  const latest = own[0];
  const rejected = latest?.status === "rejected";
  return { kind: "form", rejected, rejection: rejected ? latest.notes : null };
}

/** The enrolments a receipt may be sent for now: approved, payment_pending or receipt_rejected, with a code, none pending. */
export function receiptEligible<E extends Enrollment>(enrollments: readonly E[], receipts: readonly Receipt[]): E[] {
  return enrollments.filter((e) => receiptStep(e, receipts).kind === "form");
}

/**
 * The warning (never a block) when the amount typed differs from what is due by 0.01 kz or more (SPEC §5
 * 'Student receipt'): the course price, or what is left of it after a partial payment (`partial`,
 * decision 083); null while the amount cannot be read or matches.
 */
export function divergenceWarning(amountText: string, due: number, partial = false): string | null {
  const parsed = parseMoney(amountText);
  if (!parsed.ok || parsed.value <= 0) return null;
  const { correct, difference } = receiptDivergence(parsed.value, due);
  if (correct) return null;
  const side = difference > 0 ? "acima" : "abaixo";
  const of = partial ? "do valor que falta pagar" : "do valor do curso";
  return (
    `O valor indicado (${formatKz(parsed.value)}) está ${formatKz(Math.abs(difference))} ${side} ${of} ` +
    `(${formatKz(due)}). Pode enviar mesmo assim: a equipe financeira irá verificar.`
  );
}
