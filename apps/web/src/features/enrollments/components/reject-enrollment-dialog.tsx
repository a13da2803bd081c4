import { Text } from "@mantine/core";
import { ReasonDialog } from "../../../components/reason-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useAdminEnrollmentRow, useRejectEnrollment } from "../api/admin-enrollments";

/** 'Rejeitar inscrição' (SPEC §5): a required reason, stored in notes and shown to the student. */
export function RejectEnrollmentDialog({
  opened,
  enrollmentId,
  onClose,
}: {
  opened: boolean;
  enrollmentId: string | null;
  onClose: () => void;
}) {
  const row = useAdminEnrollmentRow(enrollmentId);
  const reject = useRejectEnrollment();
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title="Rejeitar inscrição"
      subject={
        row && (
          <Text>
            <b>{row.studentName}</b> — {row.courseName}
          </Text>
        )
      }
      description="O aluno verá este motivo na Área do Aluno"
      submitLabel="Rejeitar inscrição"
      pending={reject.isPending}
      onSubmit={async (input) => {
        if (!row) return;
        await withFeedback(reject.mutateAsync({ id: row.id, input }), {
          success: "Inscrição rejeitada",
          failure: "Erro ao rejeitar inscrição",
          done: onClose,
        });
      }}
    />
  );
}
