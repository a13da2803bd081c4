import { rejectEnrollmentSchema } from "@app/shared/schemas/enrollment-review";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { adminEnrollmentsQuery, useRejectEnrollment } from "../api/admin-enrollments";

const validate = schemaResolver(rejectEnrollmentSchema, { sync: true });

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
  const { data: rows } = useQuery({ ...adminEnrollmentsQuery, enabled: enrollmentId !== null });
  const row = rows?.find((r) => r.id === enrollmentId);
  const reject = useRejectEnrollment();
  const form = useForm({
    initialValues: { reason: "" },
    validate,
    transformValues: (values) => rejectEnrollmentSchema.parse(values),
  });
  const submit = form.onSubmit((values) => {
    if (!row || reject.isPending) return;
    reject.mutate(
      { id: row.id, input: values },
      {
        onSuccess: () => {
          toastSuccess("Inscrição rejeitada");
          onClose();
        },
        onError: (e) => {
          applyServerErrors(form, e);
          toastError("Erro ao rejeitar inscrição", errorMessage(e));
        },
      },
    );
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Rejeitar inscrição" centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {row && (
            <Text>
              <b>{row.studentName}</b> — {row.courseName}
            </Text>
          )}
          <Textarea
            label="Motivo da rejeição"
            description="O aluno verá este motivo na Área do Aluno"
            withAsterisk
            autosize
            minRows={4}
            {...form.getInputProps("reason")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={reject.isPending}>
              Cancelar
            </Button>
            <Button type="submit" color="red.8" loading={reject.isPending}>
              Rejeitar inscrição
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
