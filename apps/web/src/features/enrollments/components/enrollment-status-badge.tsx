import { type EnrollmentStatus, enrollmentStatusLabel } from "@app/shared/enums";
import { Badge } from "@mantine/core";
import { type RowState, withoutClass } from "../logic/enrollment-actions";

/** Filled, dark shades: white small text stays above 4.5:1 (WCAG AA). */
const COLORS: Record<EnrollmentStatus, string> = {
  pre_inscrito: "blue.8",
  // Mantine's darkest orange (orange.9) gives white text only 4.3:1; this burnt orange gives 6.5:1.
  correction_requested: "#a33d07",
  approved: "teal.9",
  payment_pending: "violet.8",
  // green.9 gives white text 4.4:1; this darker green 6.4:1.
  enrolled: "#1f6b30",
  rejected: "red.8",
};

/** An enrolment's status with the SPEC's label; an unknown value reads 'Pendente' (SPEC §4). */
export function EnrollmentStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="filled" color={COLORS[status as EnrollmentStatus] ?? "gray.7"} style={{ textTransform: "none" }}>
      {enrollmentStatusLabel(status)}
    </Badge>
  );
}

/**
 * 'Sem turma' beside the status of an enrolled enrolment that has no class (enrolled through a receipt
 * approval, decision 019): staff give it one with 'Atribuir turma'. Nothing for any other enrolment.
 */
export function WithoutClassNote({ enrollment }: { enrollment: RowState }) {
  if (!withoutClass(enrollment)) return null;
  return (
    <Badge variant="outline" color="#a33d07" style={{ textTransform: "none" }}>
      Sem turma
    </Badge>
  );
}
