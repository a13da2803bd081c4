import { formatDate, formatDateTime } from "@app/shared/dates";
import type { PaymentStatus } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { formatAngolanMobile } from "@app/shared/phones";
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
            <DetailField label="Origem" value={p.receiptId ? "Comprovante validado" : "Registado pela secretaria"} />
            <DetailField label="Registado em" value={formatDateTime(p.createdAt)} />
            <DetailField label="Observações" value={p.notes ?? "—"} />
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
