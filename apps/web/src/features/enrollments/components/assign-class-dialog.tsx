import { assignClassSchema } from "@app/shared/schemas/enrollment-review";
import { Alert, Loader, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { feedback } from "../../../lib/mutation-feedback";
import {
  type AdminEnrollmentRow,
  enrollableClassesQuery,
  useAdminEnrollmentRow,
  useAssignClass,
} from "../api/admin-enrollments";
import { ClassPicker, showClassRefusal } from "./class-picker";

export const CLASS_ASSIGNED_TOAST = "Turma atribuída com sucesso!";

const validate = schemaResolver(assignClassSchema, { sync: true });

/**
 * 'Atribuir turma' (decision 045): an enrolment made 'Matriculado' by a receipt approval has no class.
 * Staff choose one of the course's open classes with a free seat; the server takes the seat with the
 * same conditional update as 'Confirmar pagamento', so a class filled meanwhile is a 409 on the field.
 */
export function AssignClassDialog({
  opened,
  enrollmentId,
  onClose,
}: {
  opened: boolean;
  enrollmentId: string | null;
  onClose: () => void;
}) {
  const row = useAdminEnrollmentRow(enrollmentId);
  return (
    <Modal opened={opened} onClose={onClose} title="Atribuir turma" centered>
      {row ? <AssignForm row={row} onClose={onClose} /> : <Loader size="sm" aria-label="Carregando..." />}
    </Modal>
  );
}

function AssignForm({ row, onClose }: { row: AdminEnrollmentRow; onClose: () => void }) {
  const classes = useQuery(enrollableClassesQuery(row.id));
  const assign = useAssignClass();
  // isPending is seen only at the next render: a double click must send one request.
  const sending = useRef(false);
  const form = useForm({
    initialValues: { classId: null as string | null },
    validate,
    transformValues: (values) => assignClassSchema.parse(values),
  });

  const submit = form.onSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    assign.mutate(
      { id: row.id, input: values },
      feedback({
        success: CLASS_ASSIGNED_TOAST,
        failure: "Erro ao atribuir turma",
        done: onClose,
        failed: (e) => {
          sending.current = false;
          showClassRefusal(form, classes, e);
        },
      }),
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>
          <b>{row.studentName}</b> — {row.courseName}
        </Text>
        <Alert color="blue" variant="light">
          <Text size="sm" c="dark.8">
            Matriculado sem turma (pagamento validado por comprovante). Escolha a turma em que o aluno vai estudar:
            ocupa uma vaga.
          </Text>
        </Alert>
        <ClassPicker
          classes={classes}
          schedulePreference={row.schedulePreference}
          field={form.getInputProps("classId")}
        />
        <DialogActions submitLabel="Atribuir turma" pending={assign.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
