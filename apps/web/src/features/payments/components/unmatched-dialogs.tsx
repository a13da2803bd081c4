import { formatDateTime } from "@app/shared/dates";
import { formatKz, formatReference } from "@app/shared/money";
import { Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef } from "react";
import { DialogActions } from "../../../components/dialog-actions";
import { EnrollmentChoice, useEnrollmentChoice } from "../../../components/enrollment-choice";
import { Modal } from "../../../components/modal";
import { PaymentDifference, usePaymentDifference } from "../../../components/payment-difference";
import { ReasonDialog, reasonSchema } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/form-errors";
import { feedback, withFeedback } from "../../../lib/mutation-feedback";
import { enrollmentSearchQuery } from "../../bank-statements/api/bank-statements";
import {
  type UnmatchedPayment,
  useApplyUnmatched,
  useArchiveUnmatched,
} from "../../payment-references/api/payment-references";
import { enrollmentBalanceQuery } from "../api/admin-payments";

/** The amount paid, or that an invalid payment's amount could not be read (decision 079). */
export const paidAmountText = (amount: number | null) => (amount === null ? "Valor ilegível" : formatKz(amount));

/** What a payment is, in a dialog: entity · reference, the amount paid, when. */
function PaymentSummary({ payment }: { payment: UnmatchedPayment }) {
  return (
    <Text size="sm">
      {payment.entity} · {formatReference(payment.reference)} · <strong>{paidAmountText(payment.amount)}</strong>
      <br />
      Pago em {payment.paidAt ? formatDateTime(payment.paidAt) : "data ilegível"}
      {payment.studentName && ` — referência de ${payment.studentName}`}
    </Text>
  );
}

interface DialogProps {
  payment: UnmatchedPayment | undefined;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Aplicar à inscrição' (decision 077): finance finds the enrolment by name, code or phone ('Inscrições'
 * search, as 'Atribuir' on a bank statement) and records the payment on it, as paid ('Multicaixa'); only
 * an enrolment awaiting payment can take it. The reference's own enrolment is proposed by its student's
 * name. What the chosen enrolment owes is shown beside the amount, and a short amount asks finance's
 * choice (decision 083). A double click sends once.
 */
export function ApplyUnmatchedDialog({ payment, opened, onClose }: DialogProps) {
  const choice = useEnrollmentChoice(enrollmentSearchQuery, payment?.studentName ?? "");
  const { chosen } = choice;
  const balance = useQuery(enrollmentBalanceQuery(chosen));
  const difference = usePaymentDifference(payment?.amount, balance.data, chosen);
  const apply = useApplyUnmatched();
  const sending = useRef(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!payment || sending.current) return;
    if (!chosen) {
      choice.refuse("Escolha a inscrição");
      return;
    }
    const decided = difference.choose();
    if (decided === null) return;
    const waits = difference.awaitsBalance;
    sending.current = true;
    apply.mutate(
      { id: payment.id, enrollmentId: chosen, difference: decided },
      {
        ...feedback({
          success: waits
            ? "Pagamento aplicado: a inscrição aguarda o saldo"
            : "Pagamento aplicado: o aluno está matriculado",
          failure: "Erro ao aplicar o pagamento",
          done: onClose,
        }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Aplicar à inscrição" centered size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {payment && <PaymentSummary payment={payment} />}
          <Text size="sm" c="dimmed">
            O pagamento é registrado com o valor pago (Multicaixa).
          </Text>
          <EnrollmentChoice {...choice.props} />
          {chosen && payment?.amount != null && (
            <PaymentDifference
              amount={payment.amount}
              balance={balance.data}
              failed={balance.isError ? errorMessage(balance.error) : undefined}
              {...difference.props}
            />
          )}
          <DialogActions submitLabel="Aplicar" pending={apply.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

const archiveReason = reasonSchema(() =>
  import("@app/shared/contract/payment-references.schemas").then((m) => m.archiveNotificationSchema),
);

/** 'Arquivar' (decision 077): a required reason (e.g. refunded to the payer), kept for audit. */
export function ArchiveUnmatchedDialog({ payment, opened, onClose }: DialogProps) {
  const archive = useArchiveUnmatched();
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title="Arquivar pagamento por referência"
      subject={payment && <PaymentSummary payment={payment} />}
      description="Sai da lista por resolver e fica salvo, com o motivo, em «Arquivados»"
      reasonLabel="Motivo (por exemplo: devolvido ao pagador)"
      submitLabel="Arquivar"
      schema={archiveReason}
      pending={archive.isPending}
      onSubmit={({ reason }) =>
        withFeedback(archive.mutateAsync({ id: payment!.id, reason }), {
          success: "Pagamento arquivado",
          failure: "Erro ao arquivar o pagamento",
          done: onClose,
        })
      }
    />
  );
}
