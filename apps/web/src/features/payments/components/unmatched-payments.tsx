import { REFERENCE_NOTIFICATION_OUTCOME_LABELS } from "@app/shared/contract/payment-references.schemas";
import { formatDateTime } from "@app/shared/dates";
import { formatKz, formatReference } from "@app/shared/money";
import { Alert, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type Column, DataTable } from "../../../components/data-table";
import { errorMessage } from "../../../lib/form-errors";
import { type UnmatchedPayment, unmatchedPaymentsQuery } from "../../payment-references/api/payment-references";

const nowrap = { whiteSpace: "nowrap" } as const;

const columns: Column<UnmatchedPayment>[] = [
  {
    key: "reference",
    title: "Referência",
    text: (r) => r.reference,
    sortable: true,
    render: (r) => (
      <Text fw={600} style={nowrap}>
        {r.entity} · {formatReference(r.reference)}
      </Text>
    ),
  },
  {
    key: "amount",
    title: "Valor pago",
    text: (r) => r.amount,
    sortable: true,
    render: (r) => (
      <Text style={nowrap}>
        {formatKz(r.amount)}
        {r.expectedAmount !== null && r.expectedAmount !== r.amount && (
          <Text span size="sm" c="dimmed">
            {" "}
            (devido {formatKz(r.expectedAmount)})
          </Text>
        )}
      </Text>
    ),
  },
  { key: "paidAt", title: "Pago em", text: (r) => r.paidAt, sortable: true, render: (r) => formatDateTime(r.paidAt) },
  {
    key: "student",
    title: "Aluno",
    text: (r) => r.studentName ?? "",
    sortable: true,
    render: (r) => r.studentName ?? "—",
  },
  {
    key: "outcome",
    title: "Motivo",
    text: (r) => REFERENCE_NOTIFICATION_OUTCOME_LABELS[r.outcome],
    sortable: true,
    render: (r) => REFERENCE_NOTIFICATION_OUTCOME_LABELS[r.outcome],
  },
];

/**
 * 'Pagamentos por referência' (issue 26): Multicaixa payments that could not be applied by themselves (an
 * unknown reference, a wrong amount, an enrolment already paid), kept for finance to settle by hand.
 * Shown only when there is one (never while references are off).
 */
export function UnmatchedPayments() {
  const { data, error } = useQuery(unmatchedPaymentsQuery);
  if (error)
    return (
      <Alert color="red" role="alert" title="Erro ao carregar os pagamentos por referência">
        {errorMessage(error)}
      </Alert>
    );
  if (!data || data.notifications.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="pagamentos-por-referencia">
      <Title order={2} size="h4" id="pagamentos-por-referencia">
        Pagamentos por referência
      </Title>
      <Text size="sm" c="dimmed">
        Pagamentos Multicaixa que não foram aplicados sozinhos: confirme-os à mão ou contacte o aluno.
      </Text>
      <DataTable
        caption="Pagamentos por referência"
        records={data.notifications}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por referência ou aluno..."
      />
    </Stack>
  );
}
