import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Alert, List, Text } from "@mantine/core";
import { IconCoins } from "@tabler/icons-react";
import type { OwnEnrollment } from "../../enrollments/api/enrollments";
import type { OwnReference } from "../../payment-references/api/payment-references";

/** '145 000,00 Kz em 27/11/2026 (Multicaixa)'. */
export const paymentLine = (p: OwnEnrollment["payments"][number]) =>
  `${formatKz(p.amount)} em ${formatDate(p.paymentDate)} (${p.paymentMethodLabel})`;

/**
 * Part of the price received, the rest still owed (issue 34, decision 083): what arrived, what is missing,
 * and how to pay it — the new Multicaixa reference for it when there is one, or a transfer with the
 * reference code and its receipt. `canSend`: no receipt is awaiting validation.
 */
export function BalanceNotice({
  enrollment,
  reference,
  canSend,
}: {
  enrollment: OwnEnrollment;
  reference: OwnReference | undefined;
  canSend: boolean;
}) {
  const balance = formatKz(enrollment.balance);
  const multicaixa = reference && !reference.expired && reference.status !== "paid";
  return (
    <Alert color="orange" variant="light" icon={<IconCoins size={20} />} title={`Falta pagar ${balance}`}>
      <Text size="sm">
        Recebemos {formatKz(enrollment.amountPaid)} de {formatKz(enrollment.coursePrice)}. Faltam{" "}
        <strong>{balance}</strong> para concluir a matrícula.
      </Text>
      <List size="sm" mt="xs" spacing={2}>
        {enrollment.payments.map((p) => (
          <List.Item key={p.id}>Recebido: {paymentLine(p)}</List.Item>
        ))}
      </List>
      {canSend && (
        <Text size="sm" mt="xs">
          {multicaixa
            ? reference.status === "creating"
              ? `Estamos preparando uma nova referência Multicaixa de ${formatKz(reference.amount)} (abaixo). Ou pague`
              : `Pague a nova referência Multicaixa abaixo, de ${formatKz(reference.amount)}: a matrícula fica concluída sozinha. Ou pague`
            : "Pague"}{" "}
          os {balance} por transferência bancária, com o código de referência{" "}
          <strong>{enrollment.paymentReferenceCode}</strong> na descrição, e envie o comprovante no formulário abaixo.
        </Text>
      )}
    </Alert>
  );
}
