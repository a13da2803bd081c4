import { todayInLuanda } from "@app/shared/dates";
import { DESK_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { formatMoneyInput, parseMoney } from "@app/shared/money-input";
import { type Balance, toCents } from "@app/shared/payment-balance";
import { confirmPaymentSchema } from "@app/shared/schemas/enrollment-review";
import { Alert, Loader, Select, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef } from "react";
import { DateInput } from "../../../components/date-input";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { MoneyInput } from "../../../components/money-input";
import { PaymentDifference, usePaymentDifference } from "../../../components/payment-difference";
import { ApiError } from "../../../lib/api-error";
import { errorMessage } from "../../../lib/form-errors";
import { feedback } from "../../../lib/mutation-feedback";
import { enrollmentBalanceQuery } from "../../payments/api/admin-payments";
import {
  type AdminEnrollmentRow,
  enrollableClassesQuery,
  useAdminEnrollmentRow,
  useConfirmPayment,
} from "../api/admin-enrollments";
import { ClassPicker, showClassRefusal } from "./class-picker";

export const PAYMENT_CONFIRMED_TOAST = "Pagamento confirmado e aluno matriculado com sucesso!";
/** A short payment kept waiting for the balance (decision 088): recorded, no class yet. */
export const deskAwaitingBalanceToast = (remaining: number) =>
  `Pagamento registrado: a inscrição aguarda o saldo de ${formatKz(remaining)}`;

const validateInput = schemaResolver(confirmPaymentSchema, { sync: true });
const methodOptions = DESK_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m]! }));
/** Refusals that mean the balance read when the dialog opened is no longer what is owed. */
const BALANCE_REFUSALS = ["balance_changed", "payment_difference_undecided"];

/**
 * 'Pagamento e matrícula' (SPEC §2, §5; decision 088): the payment taken at the desk, recorded by the one
 * payment rule. What the enrolment still owes (its price less the payments recorded) is read first and
 * proposed; the amount typed is shown against it, and one short of it asks the choice every other way
 * of recording money asks (wait for the balance, or accept the difference with a reason). A payment that
 * enrols takes a seat in the class chosen; waiting takes none.
 */
export function ConfirmPaymentDialog({
  opened,
  enrollmentId,
  onClose,
}: {
  opened: boolean;
  enrollmentId: string | null;
  onClose: () => void;
}) {
  const row = useAdminEnrollmentRow(enrollmentId);
  const balance = useQuery(enrollmentBalanceQuery(opened ? enrollmentId : null));
  return (
    <Modal opened={opened} onClose={onClose} title="Pagamento e matrícula" size="lg" centered>
      {balance.isError ? (
        <Alert color="red.8" role="alert">
          {errorMessage(balance.error)}
        </Alert>
      ) : row && balance.data ? (
        <PaymentForm row={row} balance={balance.data} refetchBalance={() => void balance.refetch()} onClose={onClose} />
      ) : (
        <Loader size="sm" aria-label="Carregando o valor em dívida" />
      )}
    </Modal>
  );
}

function PaymentForm({
  row,
  balance,
  refetchBalance,
  onClose,
}: {
  row: AdminEnrollmentRow;
  balance: Balance;
  refetchBalance: () => void;
  onClose: () => void;
}) {
  const classes = useQuery(enrollableClassesQuery(row.id));
  const confirm = useConfirmPayment();
  // The wait for the balance needs no class: the form's check reads the choice made now.
  const waiting = useRef(false);
  const form = useForm({
    initialValues: {
      amount: toCents(balance.balance) > 0 ? formatMoneyInput(balance.balance) : "",
      paymentDate: todayInLuanda(),
      method: null as (typeof DESK_PAYMENT_METHODS)[number] | null,
      classId: null as string | null,
      notes: "",
    },
    validate: (values) => validateInput({ ...values, ...choiceShape(waiting.current, balance) }),
  });
  const typed = parseMoney(form.values.amount);
  const amount = typed.ok ? typed.value : undefined;
  const difference = usePaymentDifference(amount, balance);
  const waits = difference.awaitsBalance;
  waiting.current = waits;
  // A double click sends one request: isPending is only seen at the next render.
  const sending = useRef(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const choice = difference.choose();
    if (form.validate().hasErrors || choice === null) return;
    const values = form.getValues();
    const input = confirmPaymentSchema.parse({
      ...values,
      classId: waits ? null : values.classId,
      difference: choice,
      expectedBalance: balance.balance,
    });
    sending.current = true;
    confirm.mutate(
      { id: row.id, input },
      {
        ...feedback({
          success: (detail) =>
            detail.status === "partial_payment" && difference.fit
              ? deskAwaitingBalanceToast(difference.fit.remaining)
              : PAYMENT_CONFIRMED_TOAST,
          failure: "Erro ao confirmar pagamento e matricular aluno",
          done: onClose,
          failed: (error) => {
            showClassRefusal(form, classes, error);
            if (error instanceof ApiError && BALANCE_REFUSALS.includes(error.code)) refetchBalance();
          },
        }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>
          <b>{row.studentName}</b> — {row.courseName} ({formatKz(row.coursePrice)})
          {row.paymentReferenceCode && <> · código {row.paymentReferenceCode}</>}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MoneyInput label="Valor pago (kz)" withAsterisk {...form.getInputProps("amount")} />
          <DateInput
            label="Data do pagamento"
            withAsterisk
            max={todayInLuanda()}
            {...form.getInputProps("paymentDate")}
          />
        </SimpleGrid>
        {amount !== undefined && amount > 0 && (
          <PaymentDifference amount={amount} balance={balance} {...difference.props} />
        )}
        <Select
          label="Método de pagamento"
          placeholder="Selecione"
          withAsterisk
          data={methodOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("method")}
        />
        {waits ? (
          <Text size="sm" role="status">
            Nenhuma turma por enquanto: a turma é escolhida quando o saldo for pago.
          </Text>
        ) : (
          <ClassPicker
            classes={classes}
            schedulePreference={row.schedulePreference}
            field={form.getInputProps("classId")}
          />
        )}
        <Textarea label="Observações (opcional)" autosize minRows={2} {...form.getInputProps("notes")} />
        <Text size="sm" c="dimmed">
          {emailNote(row.studentEmail, waits)}
        </Text>
        <DialogActions
          submitLabel={waits ? "Registrar e aguardar o saldo" : "Confirmar e matricular"}
          pending={confirm.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

/** What the student is sent, as it is (decision 084's honesty): queued for an address, nothing without one. */
function emailNote(studentEmail: string | null, waits: boolean): string {
  if (!studentEmail) return "O aluno não indicou e-mail: não recebe nenhum e-mail sobre este pagamento.";
  const what = waits ? "o valor que falta e como pagá-lo" : "a confirmação do pagamento e da matrícula";
  return `O aluno recebe por e-mail, em ${studentEmail}, ${what}. O e-mail entra na fila de envio e normalmente sai em instantes.`;
}

/** What the server's schema needs besides the fields, for the form's own check: the wait, and the balance. */
const choiceShape = (waits: boolean, balance: Balance) => ({
  difference: waits ? { choice: "await_balance" as const } : undefined,
  expectedBalance: balance.balance,
});
