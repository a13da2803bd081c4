import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { ADMIN_SCREENS } from "@app/shared/screen-access";
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCash, IconCheck, IconDownload, IconHourglass, IconReceipt, IconReportMoney } from "@tabler/icons-react";
import { type ChangeEvent, type SyntheticEvent, useState } from "react";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/data-table";
import { DateInput } from "../../../components/date-input";
import { PageHeader } from "../../../components/page-header";
import { rowActionsColumn } from "../../../components/row-actions";
import { StatCard } from "../../../components/stat-card";
import { useRowDialog } from "../../../lib/row-dialog";
import { useServerList } from "../../../lib/server-list";
import {
  adminPaymentsQuery,
  type PaymentListParams,
  type PaymentRow,
  paymentsExportUrl,
  usePaymentRow,
} from "../api/admin-payments";
import { BalancesSection } from "../components/balances-section";
import { differenceOf, PaymentStatusBadge, PaymentViewDialog } from "../components/payment-view-dialog";
import { UnmatchedPayments } from "../components/unmatched-payments";
import {
  filterErrors,
  PAYMENT_METHOD_OPTIONS,
  type PaymentFilters,
  paymentStatusLabel,
  type UnreadableDates,
} from "../logic/payment-stats";

const nowrap = { whiteSpace: "nowrap" } as const;

const NO_FILTERS: PaymentFilters = { from: "", to: "", method: null };

/** 'Valor pendente' counts the balances awaited too (decision 083): how much of it, and for how many. */
const balanceHint = (value: number, count: number) =>
  `Inclui ${formatKz(value)} em falta em ${count === 1 ? "1 inscrição" : `${count} inscrições`} com pagamento parcial`;

/** Whether the period can be asked for (no unreadable day, an end not before the start). */
const askable = (filters: PaymentFilters, unreadable: UnreadableDates) => {
  const errors = filterErrors(filters, unreadable);
  return !errors.from && !errors.to;
};

/**
 * /admin/financial: 'Financeiro' (SPEC §2 'Admin finance'): payments, their totals and the export for the
 * bank. The server filters, searches, sorts and pages the list and adds up the cards (decision 058).
 */
export function Component() {
  const [unreadable, setUnreadable] = useState<UnreadableDates>({ from: false, to: false });
  const list = useServerList(
    (params: PaymentListParams) => ({ ...adminPaymentsQuery(params), enabled: askable(params, unreadable) }),
    NO_FILTERS,
  );
  const { filters } = list;
  const errors = filterErrors(filters, unreadable);
  const badPeriod = Boolean(errors.from || errors.to);
  // The cards and the table read one answer, the current filters' (none while they are invalid): the
  // previous list, kept while the next one loads, is never shown beside an empty table.
  const shown = badPeriod ? undefined : list.answer;
  const stats = shown?.counts;
  const viewing = useRowDialog();
  const viewed = usePaymentRow(viewing.id);
  const set = list.setFilters;
  /** A date field's value, and whether the browser holds a day it cannot read there. */
  const dateProps = (field: "from" | "to") => {
    const track = (e: SyntheticEvent<HTMLInputElement>) => {
      const bad = e.currentTarget.validity.badInput;
      setUnreadable((u) => (u[field] === bad ? u : { ...u, [field]: bad }));
    };
    return {
      value: filters[field],
      error: errors[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        track(e);
        set({ [field]: e.currentTarget.value });
      },
      onBlur: track,
    };
  };

  const columns: Column<PaymentRow>[] = [
    {
      key: "student",
      title: "Aluno",
      text: (r) => r.studentName,
      sortable: true,
      render: (r) => <Text fw={600}>{r.studentName}</Text>,
    },
    { key: "course", title: "Curso", text: (r) => r.courseName, sortable: true, render: (r) => r.courseName },
    {
      key: "amount",
      title: "Valor",
      text: (r) => String(r.amount),
      sortable: true,
      render: (r) => <Text style={nowrap}>{formatKz(r.amount)}</Text>,
    },
    {
      key: "date",
      title: "Data",
      text: (r) => r.paymentDate,
      sortable: true,
      render: (r) => formatDate(r.paymentDate),
    },
    {
      key: "method",
      title: "Método",
      text: (r) => r.paymentMethodLabel,
      sortable: true,
      render: (r) => r.paymentMethodLabel,
    },
    {
      key: "status",
      title: "Estado",
      text: (r) => paymentStatusLabel(r.status),
      sortable: true,
      render: (r) => <PaymentStatusBadge status={r.status} />,
    },
    {
      key: "difference",
      title: "Diferença",
      text: differenceOf,
      render: (r) => <Text size="sm">{differenceOf(r) || "—"}</Text>,
    },
    rowActionsColumn<PaymentRow>((r) => r.studentName, { view: (r) => viewing.open(r.id) }),
  ];

  const exportLink = (format: "csv" | "xlsx", label: string) => (
    <Button
      component="a"
      href={badPeriod ? undefined : paymentsExportUrl({ ...filters, q: list.table.search }, format)}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
      data-disabled={badPeriod ? true : undefined}
      aria-disabled={badPeriod ? true : undefined}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Financeiro"
        subtitle="Pagamentos recebidos, valores pendentes e exportação para a conciliação bancária"
        action={
          <Group gap="xs">
            <Button component={Link} to={ADMIN_SCREENS.bankStatements.path} leftSection={<IconReportMoney size={16} />}>
              Extratos bancários
            </Button>
            {exportLink("csv", "Exportar CSV")}
            {exportLink("xlsx", "Exportar Excel")}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label="Receita total"
          value={stats ? formatKz(stats.totalRevenue) : "—"}
          icon={<IconCash size={20} />}
        />
        <StatCard label="Pagamentos confirmados" value={stats?.confirmedCount ?? "—"} icon={<IconCheck size={20} />} />
        <StatCard label="Comprovantes pendentes" value={stats?.pendingCount ?? "—"} icon={<IconReceipt size={20} />} />
        <StatCard
          label="Valor pendente"
          value={stats ? formatKz(stats.pendingValue) : "—"}
          icon={<IconHourglass size={20} />}
          hint={stats && stats.balanceCount > 0 ? balanceHint(stats.balanceValue, stats.balanceCount) : undefined}
        />
      </SimpleGrid>
      <Group gap="sm" align="flex-start">
        <DateInput label="De" {...dateProps("from")} w={180} maw="100%" />
        <DateInput label="Até" {...dateProps("to")} w={180} maw="100%" />
        <Select
          label="Método"
          placeholder="Todos os métodos"
          data={PAYMENT_METHOD_OPTIONS}
          value={filters.method}
          onChange={(method) => set({ method })}
          clearable
          w={240}
          maw="100%"
        />
      </Group>
      {list.error && !badPeriod && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      <DataTable
        caption="Pagamentos"
        records={badPeriod ? [] : list.data}
        loading={list.isPending && !badPeriod}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por aluno ou curso..."
        server={badPeriod ? { ...list.table, total: 0 } : list.table}
      />
      <BalancesSection />
      <UnmatchedPayments />
      <PaymentViewDialog key={viewing.key} opened={viewing.opened} payment={viewed} onClose={viewing.close} />
    </Stack>
  );
}
