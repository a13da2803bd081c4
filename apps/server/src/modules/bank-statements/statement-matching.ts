import type { StatementLineOutcome } from "@app/shared/bank-statements/outcomes";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import type { EnrollmentStatus } from "@app/shared/enums";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { courses, enrollments } from "../../db/schema";
import { paidWhileAwaiting } from "../payment-recording/balance";

/** How a statement line meets an enrolment (issue 25 'Matching'): at the import, and when finance assigns one. */

/** The enrolment statuses that mean its payment is already recorded. */
const PAID_STATUSES: readonly EnrollmentStatus[] = ["enrolled", "completed", "not_completed"];

export type Candidate = { id: string; code: string; status: EnrollmentStatus; dueCents: number };

/**
 * Enrolments as the matching reads them: the code and what is still owed (the course's price less the
 * payments already received while it awaits payment, decision 083).
 */
export function candidateRows(tx: Tx) {
  return tx
    .select({
      id: enrollments.id,
      code: enrollments.paymentReferenceCode,
      status: enrollments.status,
      price: courses.price,
      paid: paidWhileAwaiting(),
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .$dynamic();
}

export const asCandidate = (row: {
  id: string;
  code: string | null;
  status: EnrollmentStatus;
  price: number;
  paid: number;
}): Candidate => ({
  id: row.id,
  code: row.code ?? "",
  status: row.status,
  dueCents: toCents(row.price) - toCents(row.paid),
});

/** The matching's outcome of a credit of `cents` for `enrollment` (issue 25 'Matching'). */
export function outcomeFor(enrollment: Candidate | undefined, cents: number): StatementLineOutcome {
  if (!enrollment) return "unmatched";
  if (PAID_STATUSES.includes(enrollment.status)) return "already_paid";
  if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) return "unmatched";
  return enrollment.dueCents === cents ? "matched" : "divergent";
}

export const toCents = (kz: number) => Math.round(kz * 100);
