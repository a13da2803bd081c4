import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCash, IconCheck, IconDownload, IconHourglass, IconReceipt } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type SyntheticEvent, useState } from "react";
import { type Column, DataTable } from "../../../components/data-table";
import { DateInput } from "../../../components/date-input";
import { PageHeader } from "../../../components/page-header";
import { rowActionsColumn } from "../../../components/row-actions";
import { StatCard } from "../../../components/stat-card";
import { useRowDialog } from "../../../lib/row-dialog";
import { adminPaymentsQuery, type PaymentRow, paymentsExportUrl } from "../api/admin-payments";
import { PaymentStatusBadge, PaymentViewDialog } from "../components/payment-view-dialog";
import {
  filterErrors,
  PAYMENT_METHOD_OPTIONS,
  type PaymentFilters,
  paymentStatusLabel,
  type UnreadableDates,
} from "../logic/payment-stats";

const nowrap = { whiteSpace: "nowrap" } as const;

/** /admin/financial: 'Financeiro' (SPEC §2 'Admin finance'): payments, their totals and the export for the bank. */
export function Component() {
  const [filters, setFilters] = useState<PaymentFilters>({ from: "", to: "", method: null });
  const [unreadable, setUnreadable] = useState<UnreadableDates>({ from: false, to: false });
  const errors = filterErrors(filters, unreadable);
  const badPeriod = Boolean(errors.from || errors.to);
  const { data, isPending, error } = useQuery({ ...adminPaymentsQuery(filters), enabled: !badPeriod });
  // The cards and the table read one answer, the current filters' (none while they are invalid): the
  // previous list, kept while the next one loads, is never shown beside an empty table.
  const shown = badPeriod ? undefined : data;
  const stats = shown?.stats;
  const viewing = useRowDialog();
  const set = (patch: Partial<PaymentFilters>) => setFilters((f) => ({ ...f, ...patch }));
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
    rowActionsColumn<PaymentRow>((r) => r.studentName, { view: (r) => viewing.open(r.id) }),
  ];

  const exportLink = (format: "csv" | "xlsx", label: string) => (
    <Button
      component="a"
      href={badPeriod ? undefined : paymentsExportUrl(filters, format)}
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
      {error && !badPeriod && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <DataTable
        caption="Pagamentos"
        records={badPeriod ? [] : shown?.payments}
        loading={isPending && !badPeriod}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por aluno ou curso..."
      />
      <PaymentViewDialog
        key={viewing.key}
        opened={viewing.opened}
        payment={shown?.payments.find((p) => p.id === viewing.id)}
        onClose={viewing.close}
      />
    </Stack>
  );
}
