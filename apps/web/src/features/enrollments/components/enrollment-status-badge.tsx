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

/**
 * 'SMS não entregue' beside the status when the latest SMS to the student failed or was refused
 * (decision 094): the secretariat falls back to WhatsApp or a call. Nothing otherwise.
 */
export function SmsUndeliveredBadge({ enrollment }: { enrollment: { smsUndelivered?: boolean } }) {
  if (!enrollment.smsUndelivered) return null;
  return (
    <Badge
      role="note"
      aria-label="SMS não entregue"
      title="O último SMS ao aluno não foi entregue: use o WhatsApp ou ligue"
      variant="outline"
      color="#a3121d"
      style={{ textTransform: "none" }}
    >
      SMS não entregue
    </Badge>
  );
}
