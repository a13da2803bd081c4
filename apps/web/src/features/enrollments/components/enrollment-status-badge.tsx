import { Badge } from "@mantine/core";
import { type RowState, withoutClass } from "../logic/enrollment-actions";

/** The status badge is shared with 'Contas de Alunos' (src/components/status-badges). */
export { EnrollmentStatusBadge } from "../../../components/status-badges";

/**
 * 'Sem turma' beside the status of an enrolled enrolment that has no class (enrolled through a receipt
 * approval, decision 045): staff give it one with 'Atribuir turma'. Nothing for any other enrolment.
 */
export function WithoutClassNote({ enrollment }: { enrollment: RowState }) {
  if (!withoutClass(enrollment)) return null;
  return (
    <Badge variant="outline" color="#a33d07" style={{ textTransform: "none" }}>
      Sem turma
    </Badge>
  );
}
