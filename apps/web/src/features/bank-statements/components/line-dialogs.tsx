import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Alert, Button, Group, List, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DialogActions } from "../../../components/dialog-actions";
import { EnrollmentChoice, useEnrollmentChoice } from "../../../components/enrollment-choice";
import { Modal } from "../../../components/modal";
import { PaymentDifference, usePaymentDifference } from "../../../components/payment-difference";
import { ReasonDialog, reasonSchema } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/form-errors";
import { feedback, withFeedback } from "../../../lib/mutation-feedback";
import { enrollmentBalanceQuery } from "../../payments/api/admin-payments";
import {
  type ConfirmAnswer,
  enrollmentSearchQuery,
  type StatementLine,
  useAssign,
  useConfirm,
  useIgnore,
} from "../api/bank-statements";
import { confirmLabel } from "../logic/selection";

/** What a line is, in a dialog: its number, date, amount and text. */
function LineSummary({ line }: { line: StatementLine }) {
  return (
    <Text size="sm">
      Linha {line.lineNumber} · {formatDate(line.date)} · <strong>{formatKz(line.amount)}</strong>
      <br />
      {line.reference || "(sem descritivo)"}
      {line.payer && ` — ${line.payer}`}
    </Text>
  );
}

/** A dialog about one line of a statement (kept while it fades out). */
interface LineDialogProps {
  statementId: string;
  line: StatementLine | undefined;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Atribuir': finance finds the enrolment by name, code or phone ('Inscrições' search) and gives it the
 * line; only an enrolment awaiting payment can take it (the others are shown, not selectable). What the
 * chosen enrolment owes is shown beside the line's amount; a short line keeps finance's choice for its
 * confirmation (decision 083).
 */
export function AssignLineDialog({ statementId, line, opened, onClose }: LineDialogProps) {
  const choice = useEnrollmentChoice(enrollmentSearchQuery);
  const { chosen } = choice;
  const balance = useQuery(enrollmentBalanceQuery(chosen));
  const difference = usePaymentDifference(line?.amount, balance.data, chosen);
  const assign = useAssign(statementId);
  const sending = useRef(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!line || sending.current) return;
    if (!chosen) {
      choice.refuse("Escolha a inscrição");
      return;
    }
    const decided = difference.choose();
    if (decided === null) return;
    sending.current = true;
    assign.mutate(
      { lineId: line.id, enrollmentId: chosen, difference: decided },
      {
        ...feedback({ success: "Linha atribuída", failure: "Erro ao atribuir a linha", done: onClose }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Atribuir linha ${line?.lineNumber ?? ""}`} centered size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {line && <LineSummary line={line} />}
          <EnrollmentChoice {...choice.props} />
          {chosen && line && (
            <>
              <PaymentDifference
                amount={line.amount}
                balance={balance.data}
                failed={balance.isError ? errorMessage(balance.error) : undefined}
                {...difference.props}
              />
              <Text size="sm" c="dimmed">
                O pagamento é registrado quando a linha for confirmada.
              </Text>
            </>
          )}
          <DialogActions submitLabel="Atribuir" pending={assign.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

const ignoreReason = reasonSchema(() =>
  import("@app/shared/contract/bank-statements.schemas").then((m) => m.ignoreLineSchema),
);

/** 'Ignorar': a required reason, kept on the line. */
export function IgnoreLineDialog({ statementId, line, opened, onClose }: LineDialogProps) {
  const ignore = useIgnore(statementId);
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title={`Ignorar linha ${line?.lineNumber ?? ""}`}
      subject={line && <LineSummary line={line} />}
      description="Fica registrado na linha do extrato"
      reasonLabel="Motivo"
      submitLabel="Ignorar"
      schema={ignoreReason}
      pending={ignore.isPending}
      onSubmit={({ reason }) =>
        withFeedback(ignore.mutateAsync({ lineId: line!.id, reason }), {
          success: "Linha ignorada",
          failure: "Erro ao ignorar a linha",
          done: onClose,
        })
      }
    />
  );
}

/**
 * 'Confirmar N pagamentos': asks once, then each line records its payment and enrols its student as a
 * receipt approval does; the answer lists what was confirmed and what was refused, with the reason.
 */
export function ConfirmLinesDialog({
  statementId,
  lineIds,
  lineNumber,
  opened,
  onClose,
}: {
  statementId: string;
  lineIds: string[];
  /** The file line of a line id, when it has been shown. */
  lineNumber: (id: string) => number | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const confirm = useConfirm(statementId);
  const sending = useRef(false);
  const [answer, setAnswer] = useState<ConfirmAnswer | null>(null);
  const close = () => {
    setAnswer(null);
    onClose();
  };

  if (answer) {
    const n = answer.confirmed.length;
    return (
      <Modal opened={opened} onClose={close} title="Resultado da confirmação" centered>
        <Stack gap="md">
          <Alert color={n > 0 ? "teal" : "gray"} role="status">
            {n === 1 ? "1 pagamento confirmado" : `${n} pagamentos confirmados`}: pagamento registrado e aluno
            matriculado{answer.awaitingBalance.length > 0 ? ", salvo onde ainda falta pagar" : ""}.
          </Alert>
          {answer.awaitingBalance.length > 0 && (
            <Alert color="orange" title={`Aguardam o saldo: ${answer.awaitingBalance.length}`}>
              <List size="sm" spacing={2}>
                {answer.awaitingBalance.map((a) => {
                  const number = lineNumber(a.lineId);
                  return (
                    <List.Item key={a.lineId}>
                      {number === undefined ? "" : `Linha ${number}: `}pagamento registrado; faltam{" "}
                      {formatKz(a.balance)}
                    </List.Item>
                  );
                })}
              </List>
            </Alert>
          )}
          {answer.refused.length > 0 && (
            <Alert color="orange" title={`Não confirmadas: ${answer.refused.length}`}>
              <List size="sm" spacing={2}>
                {answer.refused.map((r) => {
                  const number = lineNumber(r.lineId);
                  return (
                    <List.Item key={r.lineId}>
                      {number === undefined ? "" : `Linha ${number}: `}
                      {r.message}
                    </List.Item>
                  );
                })}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>Concluir</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <ConfirmDialog
      opened={opened}
      title={confirmLabel(lineIds.length)}
      confirmLabel={confirmLabel(lineIds.length)}
      destructive={false}
      loading={confirm.isPending}
      onClose={close}
      onConfirm={() => {
        if (sending.current || lineIds.length === 0) return;
        sending.current = true;
        confirm.mutate(lineIds, {
          onSettled: () => {
            sending.current = false;
          },
          onSuccess: setAnswer,
          onError: feedback({ failure: "Erro ao confirmar os pagamentos" }).onError,
        });
      }}
    >
      Cada linha escolhida registra o pagamento e matricula o aluno, como a aprovação de um comprovante. Os alunos com
      e-mail recebem a confirmação por e-mail (posta na fila de envio: normalmente sai em instantes); quem não indicou
      e-mail não recebe nenhuma: avise o aluno por WhatsApp. Uma linha já paga entretanto não é paga duas vezes.
    </ConfirmDialog>
  );
}
