import { formatKz } from "@app/shared/money";
import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PaymentDifference, usePaymentDifference } from "../../../components/payment-difference";
import { ReasonDialog } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { enrollmentBalanceQuery } from "../../payments/api/admin-payments";
import { type AdminReceiptRow, useApproveReceipt, useRejectReceipt } from "../api/admin-receipts";

export const APPROVED_TOAST = "Pagamento aprovado, registro criado e aluno matriculado!";
export const REJECTED_TOAST = "Comprovante rejeitado. O aluno poderá enviar um novo.";
/** A short amount kept waiting for the balance (decision 083): recorded, not enrolled. */
export const awaitingBalanceToast = (balance: number) =>
  `Pagamento aprovado e registrado: a inscrição aguarda o saldo de ${formatKz(balance)}`;

/**
 * 'Aprovar comprovante': says the student is enrolled at once (SPEC §2 'Admin receipts'); with what the
 * enrolment owes beside the amount, and finance's choice when it is short (decision 083).
 */
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
  const balance = useQuery(enrollmentBalanceQuery(opened ? receipt?.enrollmentId : null));
  const difference = usePaymentDifference(receipt?.paidAmount, balance.data);
  // A double click sends one request: isPending is only seen at the next render.
  const sending = useRef(false);
  const waits = difference.awaitsBalance;
  return (
    <ConfirmDialog
      opened={opened}
      title="Aprovar comprovante"
      confirmLabel={waits ? "Aprovar e aguardar o saldo" : "Aprovar e matricular"}
      destructive={false}
      loading={approve.isPending}
      onClose={onClose}
      notice={
        receipt && (
          <PaymentDifference
            amount={receipt.paidAmount}
            balance={balance.data}
            failed={balance.isError ? errorMessage(balance.error) : undefined}
            {...difference.props}
          />
        )
      }
      onConfirm={() => {
        const choice = difference.choose();
        if (!receipt || sending.current || choice === null) return;
        sending.current = true;
        approve.mutate(
          { id: receipt.id, difference: choice },
          {
            onSettled: () => {
              sending.current = false;
            },
            onSuccess: ({ receipt: approved }) => {
              if (approved.enrollmentStatus === "partial_payment" && difference.fit) {
                toastSuccess(awaitingBalanceToast(difference.fit.remaining));
              } else toastSuccess(APPROVED_TOAST);
              onClose();
            },
            onError: (e) => toastError(`Erro ao aprovar: ${errorMessage(e)}`),
          },
        );
      }}
    >
      Aprovar o pagamento de {formatKz(receipt?.paidAmount)} de «{receipt?.studentName}» em «{receipt?.courseName}»? É
      registrado um pagamento por Transferência Bancária e{" "}
      {waits ? "a inscrição aguarda o saldo." : "o aluno é matriculado automaticamente."}
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
