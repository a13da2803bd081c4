import { formatKz } from "@app/shared/money";
import { rejectReceiptSchema } from "@app/shared/schemas/receipts";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useRef } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { type AdminReceiptRow, useApproveReceipt, useRejectReceipt } from "../api/admin-receipts";

export const APPROVED_TOAST = "Pagamento aprovado, registro criado e aluno matriculado!";
export const REJECTED_TOAST = "Comprovante rejeitado. O aluno poderá enviar um novo.";

/** 'Aprovar comprovante': says the student is enrolled at once (SPEC §2 'Admin receipts'). */
export function ApproveReceiptDialog({
  opened,
  receipt,
  onClose,
}: {
  opened: boolean;
  receipt: AdminReceiptRow | undefined;
  onClose: () => void;
}) {
  const approve = useApproveReceipt();
  // A double click sends one request: isPending is only seen at the next render.
  const sending = useRef(false);
  return (
    <ConfirmDialog
      opened={opened}
      title="Aprovar comprovante"
      confirmLabel="Aprovar e matricular"
      destructive={false}
      loading={approve.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!receipt || sending.current) return;
        sending.current = true;
        approve.mutate(receipt.id, {
          onSettled: () => {
            sending.current = false;
          },
          onSuccess: () => {
            toastSuccess(APPROVED_TOAST);
            onClose();
          },
          onError: (e) => toastError(`Erro ao aprovar: ${errorMessage(e)}`),
        });
      }}
    >
      Aprovar o pagamento de {formatKz(receipt?.paidAmount)} de «{receipt?.studentName}» em «{receipt?.courseName}»? É
      registado um pagamento por Transferência Bancária e o aluno é matriculado automaticamente.
    </ConfirmDialog>
  );
}

const validate = schemaResolver(rejectReceiptSchema, { sync: true });

/** 'Rejeitar comprovante': a required reason, shown to the student, who may send a new receipt. */
export function RejectReceiptDialog({
  opened,
  receipt,
  onClose,
}: {
  opened: boolean;
  receipt: AdminReceiptRow | undefined;
  onClose: () => void;
}) {
  const reject = useRejectReceipt();
  const sending = useRef(false);
  const form = useForm({
    initialValues: { reason: "" },
    validate,
    transformValues: (values) => rejectReceiptSchema.parse(values),
  });
  const submit = form.onSubmit((values) => {
    if (!receipt || sending.current) return;
    sending.current = true;
    reject.mutate(
      { id: receipt.id, input: values },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          toastSuccess(REJECTED_TOAST);
          onClose();
        },
        onError: (e) => {
          applyServerErrors(form, e);
          toastError(`Erro ao rejeitar: ${errorMessage(e)}`);
        },
      },
    );
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Rejeitar comprovante" centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {receipt && (
            <Text>
              <b>{receipt.studentName}</b> — {receipt.courseName}
            </Text>
          )}
          <Textarea
            label="Motivo da rejeição"
            description="O aluno verá este motivo e poderá enviar um novo comprovante"
            withAsterisk
            rows={4}
            {...form.getInputProps("reason")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={reject.isPending}>
              Cancelar
            </Button>
            <Button type="submit" color="red.8" loading={reject.isPending}>
              Rejeitar comprovante
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
