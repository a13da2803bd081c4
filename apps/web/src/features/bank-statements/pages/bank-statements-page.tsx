import { formatDate, formatDateTime } from "@app/shared/dates";
import { ADMIN_SCREENS } from "@app/shared/screen-access";
import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { useServerList } from "../../../lib/server-list";
import { banksQuery, type StatementSummary, statementsQuery } from "../api/bank-statements";
import { ImportPanel } from "../components/import-panel";
import { countsSummary } from "../logic/outcomes";

/** A statement's own page, below the screen's path. */
export const statementPath = (id: string) => `${ADMIN_SCREENS.bankStatements.path}/${id}`;

const period = (s: StatementSummary) =>
  s.periodStart ? `${formatDate(s.periodStart)} – ${formatDate(s.periodEnd)}` : "—";

/**
 * /admin/bank-statements: 'Extratos bancários' (issue 25, decision 072): import a statement, then the
 * past imports, newest first, each opening its lines.
 */
export function Component() {
  const list = useServerList(statementsQuery, {});
  const banks = useQuery(banksQuery);

  const columns: Column<StatementSummary>[] = [
    {
      key: "statement",
      title: "Extrato",
      text: (s) => `${s.bankName} ${s.fileName}`,
      render: (s) => (
        <Stack gap={0}>
          <Text fw={600}>{s.bankName}</Text>
          <Text size="xs" c="dimmed">
            {s.fileName}
          </Text>
        </Stack>
      ),
    },
    {
      key: "importedAt",
      title: "Importado",
      text: (s) => s.importedAt,
      sortable: true,
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(s.importedAt)}</Text>
          {s.importedBy && (
            <Text size="xs" c="dimmed">
              por {s.importedBy}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: "period", title: "Período", text: period, render: period },
    { key: "lines", title: "Linhas", text: (s) => countsSummary(s.counts), render: (s) => countsSummary(s.counts) },
    {
      key: "actions",
      title: "Ações",
      render: (s) => (
        <Button
          component={Link}
          to={statementPath(s.id)}
          size="xs"
          variant="light"
          aria-label={`Abrir extrato ${s.bankName} importado em ${formatDateTime(s.importedAt)}`}
        >
          Abrir
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Extratos bancários"
        subtitle="Importe o extrato do banco e confirme os pagamentos que ele prova"
        action={
          <Button component={Link} to={ADMIN_SCREENS.financial.path} variant="default">
            Voltar ao Financeiro
          </Button>
        }
      />
      <ImportPanel banks={banks.data ?? []} statementPath={statementPath} />
      <Stack gap="sm" component="section" aria-labelledby="imports-title">
        <Title order={2} size="h4" id="imports-title">
          Extratos importados
        </Title>
        {list.error && (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        )}
        <DataTable
          caption="Extratos importados"
          records={list.data}
          loading={list.isPending}
          columns={columns}
          rowKey={(s) => s.id}
          searchPlaceholder="Pesquisar por banco ou arquivo..."
          server={list.table}
        />
      </Stack>
    </Stack>
  );
}
