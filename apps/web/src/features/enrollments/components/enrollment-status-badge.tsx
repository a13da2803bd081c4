import { type EnrollmentStatus, enrollmentStatusLabel } from "@app/shared/enums";
import { Badge } from "@mantine/core";

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
  // The course's result (decision 021): a deeper green than enrolled, and a neutral dark grey.
  completed: "#14532d",
  not_completed: "gray.8",
};

/** An enrolment's status with the SPEC's label; an unknown value reads 'Pendente' (SPEC §4). */
export function EnrollmentStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="filled" color={COLORS[status as EnrollmentStatus] ?? "gray.7"} style={{ textTransform: "none" }}>
      {enrollmentStatusLabel(status)}
    </Badge>
  );
}
