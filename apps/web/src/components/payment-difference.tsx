import { formatKz } from "@app/shared/money";
import {
  type Balance,
  DIFFERENCE_CHOICE_LABELS,
  type DifferenceChoiceKind,
  PAYMENT_DIFFERENCE_MESSAGES,
  type PaymentFit,
  paymentFit,
} from "@app/shared/payment-balance";
import type { DifferenceChoiceInput } from "@app/shared/payment-balance-schema";
import { Alert, Loader, Paper, Radio, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { DetailField } from "./detail-field";

/**
 * What a payment does to what the enrolment owes (issue 34, decision 083), shown before finance records
 * it wherever money is recorded (a receipt approved, a statement line assigned, a reference payment
 * applied): the price, what was paid before, this payment and the difference. Short of the balance,
 * finance chooses: keep the enrolment waiting for the rest, or accept it as paid with a reason.
 * `usePaymentDifference` keeps the choice; its `props` go to `PaymentDifference`.
 */

export interface DifferenceState {
  choice: DifferenceChoiceKind | null;
  reason: string;
  errors: { choice?: string; reason?: string };
}

const FRESH: DifferenceState = { choice: null, reason: "", errors: {} };

const CHOICE_HINTS: Record<DifferenceChoiceKind, (remaining: string) => string> = {
  await_balance: (remaining) =>
    `O pagamento é registrado e o aluno é avisado de que faltam ${remaining}; a inscrição fica em «Pagamento parcial» e o valor conta em «Valor pendente».`,
  accept: () => "O aluno fica matriculado; a diferença fica registrada com o motivo no histórico e no Financeiro.",
};

export function PaymentDifference({
  amount,
  balance,
  failed,
  state,
  onChange,
}: {
  /** This payment's amount. */
  amount: number;
  /** What the enrolment owes, once read. */
  balance: Balance | undefined;
  /** The balance could not be read: why. */
  failed?: string | undefined;
  state: DifferenceState;
  onChange: (next: DifferenceState) => void;
}) {
  if (failed)
    return (
      <Alert color="red" role="alert">
        {failed}
      </Alert>
    );
  if (!balance) return <Loader size="sm" aria-label="Carregando o valor em dívida" />;
  const fit = paymentFit(balance.balance, amount);
  return (
    <Paper withBorder p="sm" component="section" aria-label="Valor em dívida">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          <DetailField label="Valor do curso" value={formatKz(balance.due)} />
          <DetailField label="Já pago" value={formatKz(balance.paid)} />
          <DetailField label="Este pagamento" value={formatKz(amount)} />
          <DetailField label={fit.kind === "over" ? "Excedente" : "Falta pagar"} value={remainingText(fit)} />
        </SimpleGrid>
        <FitNotice fit={fit} state={state} onChange={onChange} />
      </Stack>
    </Paper>
  );
}

const remainingText = (fit: PaymentFit) => formatKz(Math.abs(fit.remaining));

function FitNotice({
  fit,
  state,
  onChange,
}: {
  fit: PaymentFit;
  state: DifferenceState;
  onChange: (next: DifferenceState) => void;
}) {
  if (fit.kind === "exact")
    return (
      <Text size="sm" role="status">
        Valor exato: o aluno fica matriculado.
      </Text>
    );
  if (fit.kind === "over")
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={`Pago a mais: ${remainingText(fit)}`}
      >
        <Text size="sm">
          O aluno fica matriculado e o excedente fica registrado no Financeiro, para devolver ou creditar.
        </Text>
      </Alert>
    );
  const remaining = remainingText(fit);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={`Pagamento inferior ao valor em dívida: faltam ${remaining}`}
    >
      <Stack gap="sm">
        <Radio.Group
          label="O que fazer com a diferença?"
          withAsterisk
          value={state.choice}
          onChange={(choice) =>
            onChange({
              ...state,
              choice: choice as DifferenceChoiceKind,
              errors: { ...state.errors, choice: undefined },
            })
          }
          error={state.errors.choice}
        >
          <Stack gap="xs" mt="xs">
            {(["await_balance", "accept"] as const).map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={DIFFERENCE_CHOICE_LABELS[choice]}
                description={CHOICE_HINTS[choice](remaining)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {state.choice === "accept" && (
          <Textarea
            label="Motivo da diferença aceita"
            withAsterisk
            rows={2}
            value={state.reason}
            onChange={(e) =>
              onChange({ ...state, reason: e.currentTarget.value, errors: { ...state.errors, reason: undefined } })
            }
            error={state.errors.reason}
          />
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The choice for a payment of `amount` against `balance`: `choose()` gives what the request sends
 * (undefined when the amount is not short), or null after marking what is missing on the form.
 */
export function usePaymentDifference(
  amount: number | null | undefined,
  balance: Balance | undefined,
  /** Another enrolment chosen in the same dialog: the choice starts afresh. */
  resetKey?: string | null,
) {
  const [state, setState] = useState<DifferenceState>(FRESH);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setState(FRESH);
  }
  const fit = balance && amount != null ? paymentFit(balance.balance, amount) : undefined;
  const choose = (): DifferenceChoiceInput | undefined | null => {
    if (!fit) return null;
    if (fit.kind !== "short") return undefined;
    if (!state.choice) {
      setState((s) => ({ ...s, errors: { choice: PAYMENT_DIFFERENCE_MESSAGES.choice } }));
      return null;
    }
    if (state.choice === "await_balance") return { choice: "await_balance" };
    const reason = state.reason.trim();
    if (!reason) {
      setState((s) => ({ ...s, errors: { reason: PAYMENT_DIFFERENCE_MESSAGES.reason } }));
      return null;
    }
    return { choice: "accept", reason };
  };
  return {
    fit,
    /** The enrolment will wait for the balance (a short amount, 'wait' chosen). */
    awaitsBalance: fit?.kind === "short" && state.choice === "await_balance",
    choose,
    props: { state, onChange: setState },
  };
}
