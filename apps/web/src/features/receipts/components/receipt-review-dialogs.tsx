import { formatKz } from "@app/shared/money";
import { Text } from "@mantine/core";
import { useRef } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ReasonDialog } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/form-errors";
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
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title="Rejeitar comprovante"
      subject={
        receipt && (
          <Text>
            <b>{receipt.studentName}</b> — {receipt.courseName}
          </Text>
        )
      }
      description="O aluno verá este motivo e poderá enviar um novo comprovante"
      submitLabel="Rejeitar comprovante"
      pending={reject.isPending}
      onSubmit={async (input) => {
        if (!receipt) return;
        try {
          await reject.mutateAsync({ id: receipt.id, input });
        } catch (e) {
          toastError(`Erro ao rejeitar: ${errorMessage(e)}`);
          throw e;
        }
        toastSuccess(REJECTED_TOAST);
        onClose();
      }}
    />
  );
}
