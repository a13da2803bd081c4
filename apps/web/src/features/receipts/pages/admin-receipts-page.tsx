import {
  RECEIPT_STATEMENT_LABELS,
  RECEIPT_STATEMENT_STATES,
  type ReceiptStatementState,
} from "@app/shared/bank-statements/receipt-links";
import { formatDate, formatDateTime } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCash, IconCheck, IconHourglass, IconReceipt, IconX } from "@tabler/icons-react";
import { type Column, DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { StudentCell } from "../../../components/student-cell";
import { useRowDialog } from "../../../lib/row-dialog";
import { useServerList } from "../../../lib/server-list";
import { type AdminReceiptRow, adminReceiptsQuery, useAdminReceiptRow } from "../api/admin-receipts";
import { ApproveReceiptDialog, RejectReceiptDialog } from "../components/receipt-review-dialogs";
import { ReceiptRowActions } from "../components/receipt-row-actions";
import { ReceiptStatementBadge } from "../components/receipt-statement";
import { ReceiptStatusBadge } from "../components/receipt-status-badge";
import { ReceiptViewDialog } from "../components/receipt-view-dialog";
import {
  divergenceLabel,
  hasDivergence,
  type ReceiptAction,
  receiptActionsFor,
  receiptStatusLabel,
} from "../logic/receipt-review";

const nowrap = { whiteSpace: "nowrap" } as const;
const statementOptions = RECEIPT_STATEMENT_STATES.map((value) => ({ value, label: RECEIPT_STATEMENT_LABELS[value] }));

/**
 * /admin/payment-receipts: finance validates the students' receipts (SPEC §2 'Admin receipts'). The
 * server searches, sorts and pages the list (decision 058); the cards count every receipt.
 */
export function Component() {
  const list = useServerList(adminReceiptsQuery, { statement: undefined as ReceiptStatementState | undefined });
  const viewing = useRowDialog();
  const approving = useRowDialog();
  const rejecting = useRowDialog();
  // A dialog opens from a row on screen: its receipt is in a cached page, kept fresh by the refetches.
  const viewed = useAdminReceiptRow(viewing.id);
  const approved = useAdminReceiptRow(approving.id);
  const rejected = useAdminReceiptRow(rejecting.id);
  const stats = list.answer?.counts;

  const run: Record<ReceiptAction, (row: AdminReceiptRow) => void> = {
    view: (r) => viewing.open(r.id),
    approve: (r) => approving.open(r.id),
    reject: (r) => rejecting.open(r.id),
  };

  const columns: Column<AdminReceiptRow>[] = [
    {
      key: "student",
      title: "Aluno",
      text: (r) => `${r.studentName} ${r.studentPhone}`,
      sortable: true,
      render: (r) => <StudentCell name={r.studentName} phone={r.studentPhone} />,
    },
    // At 1280 px with the sidebar open the SPEC's nine columns do not fit: what is read together shares a
    // cell (course and its reference code; paid, expected and the divergence; payment and sending dates).
    {
      key: "course",
      title: "Curso / Ref.",
      text: (r) => `${r.courseName} ${r.paymentReferenceCode ?? ""}`,
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text>{r.courseName}</Text>
          <Text size="xs" c="dimmed" style={nowrap}>
            Ref. {r.paymentReferenceCode ?? "—"}
          </Text>
        </Stack>
      ),
    },
    {
      key: "amounts",
      title: "Pago / Esperado / Divergência",
      text: (r) => `${r.paidAmount} ${divergenceLabel(r.divergence)}`,
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} style={nowrap}>
            {formatKz(r.paidAmount)}
          </Text>
          <Text size="xs" c="dimmed" style={nowrap}>
            esperado {formatKz(r.coursePrice)}
          </Text>
          <Text
            size="sm"
            style={nowrap}
            fw={hasDivergence(r.divergence) ? 700 : undefined}
            c={hasDivergence(r.divergence) ? "red.9" : "#1f6b30"}
          >
            {divergenceLabel(r.divergence)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "dates",
      title: "Pagamento / Envio",
      text: (r) => r.submittedAt,
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text style={nowrap}>{formatDate(r.paymentDate)}</Text>
          {/* May wrap between its words (never inside the date) where a phone card is narrow. */}
          <Text size="xs" c="dimmed">
            enviado {formatDateTime(r.submittedAt)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "status",
      title: "Status",
      text: (r) => `${receiptStatusLabel(r.status)} ${r.statement ? RECEIPT_STATEMENT_LABELS[r.statement] : ""}`,
      sortable: true,
      render: (r) => (
        <Stack gap={4} align="flex-start">
          <ReceiptStatusBadge status={r.status} />
          <ReceiptStatementBadge statement={r.statement} />
        </Stack>
      ),
    },
    {
      key: "actions",
      title: "Ações",
      render: (r) => (
        <ReceiptRowActions student={r.studentName} actions={receiptActionsFor(r.status)} onAction={(a) => run[a](r)} />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gestão de Comprovantes de Pagamento"
        subtitle="Valide os comprovantes enviados pelos alunos: a aprovação registra o pagamento e matricula o aluno"
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <StatCard label="Total" value={stats?.total ?? "—"} icon={<IconReceipt size={20} />} />
          <StatCard label="Pendentes" value={stats?.pending ?? "—"} icon={<IconHourglass size={20} />} />
          <StatCard label="Aprovados" value={stats?.approved ?? "—"} icon={<IconCheck size={20} />} />
          <StatCard label="Rejeitados" value={stats?.rejected ?? "—"} icon={<IconX size={20} />} />
        </SimpleGrid>
        {/* The sums in kz need a whole row on a phone. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <StatCard
            label="Total Validado"
            value={stats ? formatKz(stats.approvedAmount) : "—"}
            icon={<IconCash size={20} />}
          />
          <StatCard
            label="Aguardando Validação"
            value={stats ? formatKz(stats.pendingAmount) : "—"}
            icon={<IconHourglass size={20} />}
          />
        </SimpleGrid>
      </Stack>
      <Select
        label="Extrato bancário"
        placeholder="Todos os comprovantes"
        data={statementOptions}
        value={list.filters.statement ?? null}
        onChange={(v) => list.setFilters({ statement: (v as ReceiptStatementState | null) ?? undefined })}
        clearable
        w={280}
        maw="100%"
      />
      <DataTable
        caption="Comprovantes de pagamento"
        records={list.data}
        loading={list.isPending}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por aluno ou código..."
        server={list.table}
      />
      <ReceiptViewDialog
        key={viewing.key}
        opened={viewing.opened}
        receipt={viewed}
        onClose={viewing.close}
        onApprove={() => {
          viewing.close();
          approving.open(viewing.id);
        }}
        onReject={() => {
          viewing.close();
          rejecting.open(viewing.id);
        }}
      />
      <ApproveReceiptDialog
        key={approving.key}
        opened={approving.opened}
        receipt={approved}
        onClose={approving.close}
      />
      <RejectReceiptDialog key={rejecting.key} opened={rejecting.opened} receipt={rejected} onClose={rejecting.close} />
    </Stack>
  );
}
