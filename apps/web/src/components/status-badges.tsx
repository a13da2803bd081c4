import {
  type EnrollmentStatus,
  enrollmentStatusLabel,
  RECEIPT_STATUS_LABELS,
  type ReceiptStatus,
} from "@app/shared/enums";
import { Badge } from "@mantine/core";

/** Filled, dark shades: white small text stays above 4.5:1 (WCAG AA). */
const ENROLLMENT_COLORS: Record<EnrollmentStatus, string> = {
  pre_inscrito: "blue.8",
  // Mantine's darkest orange (orange.9) gives white text only 4.3:1; this burnt orange gives 6.5:1.
  correction_requested: "#a33d07",
  approved: "teal.9",
  payment_pending: "violet.8",
  // A rejected receipt: the student must send another (decision 050); pink.9 gives white text 7.2:1.
  receipt_rejected: "pink.9",
  // Part of the price received, the rest awaited (decision 083); orange.9 with white is 4.3:1, this 6.3:1.
  partial_payment: "#9a4a00",
  // green.9 gives white text 4.4:1; this darker green 6.4:1.
  enrolled: "#1f6b30",
  rejected: "red.8",
  // The course's result (decision 021): a deeper green than enrolled, and a neutral dark grey.
  completed: "#14532d",
  not_completed: "gray.8",
};

/**
 * An enrolment's status with the SPEC's label. Shared by 'Inscrições' and 'Contas de Alunos'. `codeSent`
 * when known: 'Aprovado (Código Enviado)' only once the code reached the student (decision 084).
 */
export function EnrollmentStatusBadge({ status, codeSent }: { status: EnrollmentStatus; codeSent?: boolean }) {
  return (
    <Badge variant="filled" color={ENROLLMENT_COLORS[status]} style={{ textTransform: "none" }}>
      {enrollmentStatusLabel(status, codeSent)}
    </Badge>
  );
}

/** The same dark shades as the enrolment badges. */
const RECEIPT_COLORS: Record<ReceiptStatus, string> = {
  pending: "violet.8",
  approved: "#1f6b30",
  rejected: "red.8",
};

/** A receipt's status: Pendente, Aprovado or Rejeitado (SPEC §4 'Receipt status'). */
export function ReceiptStatusBadge({ status }: { status: ReceiptStatus }) {
  return (
    <Badge variant="filled" color={RECEIPT_COLORS[status]} style={{ textTransform: "none" }}>
      {RECEIPT_STATUS_LABELS[status]}
    </Badge>
  );
}
