import type { EnrollmentStatus } from "@app/shared/enums";

/**
 * What /aluno/pagamento shows for one of the student's enrolments (SPEC §2 'Student payment screen';
 * decision 047): waiting for review, documents to replace, the rejection reason, the payment details
 * with the reference code, the confirmed enrolment, or the course over: finished (with the way to its
 * certificate) or ended without completion (issue 21).
 */
export type EnrollmentPanel = "waiting" | "correction" | "rejected" | "payment" | "enrolled" | "finished" | "ended";

const PANELS: Record<EnrollmentStatus, EnrollmentPanel> = {
  pre_inscrito: "waiting",
  correction_requested: "correction",
  rejected: "rejected",
  approved: "payment",
  payment_pending: "payment",
  // The latest receipt was rejected: the payment details and the form again (decision 050).
  receipt_rejected: "payment",
  // Part of the price received: the rest is paid the same ways (decision 083).
  partial_payment: "payment",
  enrolled: "enrolled",
  // After the course (decision 021): no longer "matriculado"; the payment side is settled.
  completed: "finished",
  not_completed: "ended",
};

/** An unknown status (SPEC §4 'Pendente') waits like a pre-enrolment; so does a code-less approval, which cannot be paid. */
export function enrollmentPanel(e: { status: EnrollmentStatus; paymentReferenceCode: string | null }): EnrollmentPanel {
  const panel = PANELS[e.status] ?? "waiting";
  return panel === "payment" && !e.paymentReferenceCode ? "waiting" : panel;
}

/** Enrolments needing the student first (documents to replace, then payments), otherwise newest first as given. */
export function orderForStudent<T extends { status: EnrollmentStatus; paymentReferenceCode: string | null }>(
  list: readonly T[],
) {
  const rank: Record<EnrollmentPanel, number> = {
    correction: 0,
    payment: 1,
    waiting: 2,
    rejected: 3,
    enrolled: 3,
    finished: 3,
    ended: 3,
  };
  return list
    .map((e, i) => ({ e, i, r: rank[enrollmentPanel(e)] }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ e }) => e);
}
