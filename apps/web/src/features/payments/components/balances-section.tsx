import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Alert, Button, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { type Column, DataTable } from "../../../components/data-table";
import { ReasonDialog, reasonSchema } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/form-errors";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useRowDialog } from "../../../lib/row-dialog";
import { useServerList } from "../../../lib/server-list";
import { balancesQuery, type EnrollmentBalance, useAcceptDifference } from "../api/admin-payments";

const nowrap = { whiteSpace: "nowrap" } as const;

/** Each payment received: amount, date and way, one per line. */
function Received({ row }: { row: EnrollmentBalance }) {
  return (
    <Stack gap={0}>
      {row.payments.map((p) => (
        <Text key={p.id} size="sm">
          <Text span inherit style={nowrap}>
            {formatKz(p.amount)}
          </Text>{" "}
          · {formatDate(p.paymentDate)} · {p.paymentMethodLabel}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * 'Saldos em falta' (decision 083): the enrolments that received part of their price and wait for the
 * rest ('Pagamento parcial'), what each still owes (counted in 'Valor pendente'), and 'Aceitar diferença'
 * to take the rest as paid, with a reason. Shown once there is one.
 */
export function BalancesSection() {
  const list = useServerList(balancesQuery, {});
  const accepting = useRowDialog();
  const accepted = list.data?.find((r) => r.enrollmentId === accepting.id);

  if (list.error && !list.answer)
    return (
      <Alert color="red" role="alert" title="Erro ao carregar os saldos em falta">
        {errorMessage(list.error)}
      </Alert>
    );
  if (!list.answer || (list.answer.total === 0 && !list.table.search)) return null;

  const columns: Column<EnrollmentBalance>[] = [
    {
      key: "student",
      title: "Aluno",
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600}>{r.studentName}</Text>
          <Text size="xs" c="dimmed">
            {r.courseName}
          </Text>
        </Stack>
      ),
    },
    { key: "received", title: "Recebido", render: (r) => <Received row={r} /> },
    {
      key: "balance",
      title: "Falta pagar",
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} style={nowrap}>
            {formatKz(r.balance)}
          </Text>
          <Text size="xs" c="dimmed" style={nowrap}>
            de {formatKz(r.due)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "actions",
      title: "Ações",
      render: (r) => (
        <Button size="xs" variant="light" onClick={() => accepting.open(r.enrollmentId)}>
          Aceitar diferença
          <VisuallyHidden>{` de ${r.studentName}`}</VisuallyHidden>
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="saldos-em-falta">
      <Title order={2} size="h4" id="saldos-em-falta">
        Saldos em falta
      </Title>
      <Text size="sm" c="dimmed">
        Inscrições que receberam parte do valor e aguardam o resto: o aluno vê o que falta pagar. Aceite a diferença
        para dar o curso como pago, com o motivo.
      </Text>
      <DataTable
        caption="Saldos em falta"
        records={list.data}
        loading={list.isPending}
        columns={columns}
        rowKey={(r) => r.enrollmentId}
        searchPlaceholder="Pesquisar por aluno ou curso..."
        server={list.table}
      />
      <AcceptDifferenceDialog
        key={accepting.key}
        opened={accepting.opened}
        balance={accepted}
        onClose={accepting.close}
      />
    </Stack>
  );
}

const acceptDifferenceReason = reasonSchema(() =>
  import("@app/shared/payment-balance-schema").then((m) => m.acceptDifferenceSchema),
);

/** 'Aceitar diferença': what is owed, and the reason kept in History and Financeiro. */
function AcceptDifferenceDialog({
  opened,
  balance,
  onClose,
}: {
  opened: boolean;
  balance: EnrollmentBalance | undefined;
  onClose: () => void;
}) {
  const accept = useAcceptDifference();
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title="Aceitar diferença"
      subject={
        balance && (
          <Text size="sm">
            <strong>{balance.studentName}</strong> — {balance.courseName}
            <br />
            Pago {formatKz(balance.paid)} de {formatKz(balance.due)}: faltam{" "}
            <strong>{formatKz(balance.balance)}</strong>
          </Text>
        )
      }
      description="O aluno fica matriculado; a diferença e o motivo ficam no histórico e no Financeiro"
      reasonLabel="Motivo da diferença aceita"
      submitLabel="Aceitar e matricular"
      schema={acceptDifferenceReason}
      pending={accept.isPending}
      onSubmit={({ reason }) =>
        withFeedback(accept.mutateAsync({ enrollmentId: balance!.enrollmentId, reason }), {
          success: "Diferença aceita: o aluno está matriculado",
          failure: "Erro ao aceitar a diferença",
          done: onClose,
        })
      }
    />
  );
}
