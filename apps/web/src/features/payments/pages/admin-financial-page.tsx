import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Button, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCash, IconCheck, IconDownload, IconHourglass, IconReceipt } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Column, DataTable } from "../../../components/data-table";
import { DateInput } from "../../../components/date-input";
import { PageHeader } from "../../../components/page-header";
import { RowActions } from "../../../components/row-actions";
import { StatCard } from "../../../components/stat-card";
import { useRowDialog } from "../../../lib/row-dialog";
import { adminPaymentsQuery, type PaymentRow, paymentsExportUrl } from "../api/admin-payments";
import { PaymentStatusBadge, PaymentViewDialog } from "../components/payment-view-dialog";
import { PAYMENT_METHOD_OPTIONS, type PaymentFilters, paymentStatusLabel, periodError } from "../logic/payment-stats";

const nowrap = { whiteSpace: "nowrap" } as const;

/** /admin/financial: 'Financeiro' (SPEC §2 'Admin finance'): payments, their totals and the export for the bank. */
export function Component() {
  const [filters, setFilters] = useState<PaymentFilters>({ from: "", to: "", method: null });
  const badPeriod = periodError(filters);
  const { data, isPending } = useQuery({ ...adminPaymentsQuery(filters), enabled: !badPeriod });
  const viewing = useRowDialog();
  const stats = data?.stats;
  const set = (patch: Partial<PaymentFilters>) => setFilters((f) => ({ ...f, ...patch }));

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
    {
      key: "actions",
      title: "Ações",
      render: (r) => <RowActions name={r.studentName} onView={() => viewing.open(r.id)} />,
    },
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
        <DateInput
          label="De"
          value={filters.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
          w={180}
          maw="100%"
        />
        <DateInput
          label="Até"
          value={filters.to}
          onChange={(e) => set({ to: e.currentTarget.value })}
          error={badPeriod}
          w={180}
          maw="100%"
        />
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
      <DataTable
        caption="Pagamentos"
        records={badPeriod ? [] : data?.payments}
        loading={isPending && !badPeriod}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por aluno ou curso..."
      />
      <PaymentViewDialog
        key={viewing.key}
        opened={viewing.opened}
        payment={data?.payments.find((p) => p.id === viewing.id)}
        onClose={viewing.close}
      />
    </Stack>
  );
}
