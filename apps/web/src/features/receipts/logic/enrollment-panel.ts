import type { EnrollmentStatus } from "@app/shared/enums";

/**
 * What /aluno/pagamento shows for one of the student's enrolments (SPEC §2 'Student payment screen';
 * decision 018): waiting for review, documents to replace, the rejection reason, the payment details
 * with the reference code, or the confirmed enrolment.
 */
export type EnrollmentPanel = "waiting" | "correction" | "rejected" | "payment" | "enrolled";

const PANELS: Record<EnrollmentStatus, EnrollmentPanel> = {
  pre_inscrito: "waiting",
  correction_requested: "correction",
  rejected: "rejected",
  approved: "payment",
  payment_pending: "payment",
  // The latest receipt was rejected: the payment details and the form again (decision 024).
  receipt_rejected: "payment",
  enrolled: "enrolled",
  // After the course (decision 021) the payment side is settled as for an enrolled student.
  completed: "enrolled",
  not_completed: "enrolled",
};

/** An unknown status (SPEC §4 'Pendente') waits like a pre-enrolment; so does a code-less approval, which cannot be paid. */
export function enrollmentPanel(e: { status: string; paymentReferenceCode: string | null }): EnrollmentPanel {
  const panel = PANELS[e.status as EnrollmentStatus] ?? "waiting";
  return panel === "payment" && !e.paymentReferenceCode ? "waiting" : panel;
}

/** Enrolments needing the student first (documents to replace, then payments), otherwise newest first as given. */
export function orderForStudent<T extends { status: string; paymentReferenceCode: string | null }>(list: readonly T[]) {
  const rank: Record<EnrollmentPanel, number> = { correction: 0, payment: 1, waiting: 2, rejected: 3, enrolled: 3 };
  return list
    .map((e, i) => ({ e, i, r: rank[enrollmentPanel(e)] }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ e }) => e);
}
