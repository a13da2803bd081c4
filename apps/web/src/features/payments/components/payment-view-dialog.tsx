import { formatDate, formatDateTime } from "@app/shared/dates";
import type { PaymentStatus } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { paymentDifferenceLabel } from "@app/shared/payment-balance";
import { formatAngolanMobile } from "@app/shared/phone-format";
import { Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import type { PaymentRow } from "../api/admin-payments";
import { paymentStatusLabel } from "../logic/payment-stats";

/** Filled, dark shades (white small text above 4.5:1). */
const STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: "violet.8",
  completed: "#1f6b30",
  confirmed: "#1f6b30",
  failed: "red.8",
};

/** What the payment did to what its enrolment owed (decision 083): '' when it paid exactly (or is older). */
export const differenceOf = (p: PaymentRow) =>
  paymentDifferenceLabel({ balanceAfter: p.balanceAfter, differenceAccepted: p.differenceReason !== null });

/**
 * Where the payment was recorded: a Multicaixa reference, a receipt validated, the desk ('confirmed'),
 * otherwise a bank-statement line confirmed (the only other way that records one).
 */
function originOf(p: PaymentRow): string {
  if (p.paymentMethod === "multicaixa") return "Referência Multicaixa";
  if (p.receiptId) return "Comprovante validado";
  return p.status === "confirmed" ? "Registrado pela secretaria" : "Extrato bancário";
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant="filled" color={STATUS_COLORS[status] ?? "gray.7"} style={{ textTransform: "none" }}>
      {paymentStatusLabel(status)}
    </Badge>
  );
}

/** 'Ver {aluno}' in 'Financeiro': one payment as recorded (SPEC §2 'Admin finance'). */
export function PaymentViewDialog({
  opened,
  payment: p,
  onClose,
}: {
  opened: boolean;
  payment: PaymentRow | undefined;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes do pagamento" size="lg" centered>
      {p && (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={700}>{p.studentName}</Text>
              <Text size="sm" c="dimmed">
                {p.courseName}
              </Text>
            </Stack>
            <PaymentStatusBadge status={p.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Telefone" value={`+244 ${formatAngolanMobile(p.studentPhone)}`} />
            <DetailField label="Valor" value={formatKz(p.amount)} />
            <DetailField label="Data do pagamento" value={formatDate(p.paymentDate)} />
            <DetailField label="Método" value={p.paymentMethodLabel} />
            <DetailField label="Código de referência" value={p.paymentReferenceCode ?? "—"} />
            <DetailField label="Origem" value={originOf(p)} />
            <DetailField label="Registrado em" value={formatDateTime(p.createdAt)} />
            <DetailField label="Observações" value={p.notes ?? "—"} />
            {differenceOf(p) && <DetailField label="Diferença" value={differenceOf(p)} />}
            {p.differenceReason && (
              <DetailField
                label="Motivo da diferença aceita"
                value={`${p.differenceReason} (${p.differenceAcceptedByName ?? "—"}, ${formatDateTime(p.differenceAcceptedAt)})`}
              />
            )}
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
