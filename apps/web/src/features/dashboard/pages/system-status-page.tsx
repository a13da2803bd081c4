import { formatDateTime } from "@app/shared/dates";
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header";
import { WarningNotice } from "../../../components/warning-notice";
import { errorMessage } from "../../../lib/form-errors";
import { type SystemStatus, systemStatusQuery } from "../api/system-status";
import { MailFailuresNotice } from "../components/mail-failures-notice";
import { SmsNotices } from "../components/sms-notices";
import { ago, formatBytes, p95Text, queueName } from "../logic/system-figures";

/**
 * /admin/system-status 'Estado do sistema' (super_admin; decision 098): what /metrics gives Prometheus, in
 * words and one small chart, for a person without Prometheus. Read when opened or 'Atualizar' is pressed.
 */
export function Component() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(systemStatusQuery);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Estado do sistema"
        subtitle="Requisições, filas, pagamentos por referência, cópias de segurança, banco de dados e disco"
        action={
          <Button variant="default" loading={isFetching} onClick={() => refetch()}>
            Atualizar
          </Button>
        }
      />
      {isPending ? (
        <Skeleton height={420} />
      ) : isError ? (
        <Alert color="red" title="Erro ao carregar o estado do sistema">
          {errorMessage(error)}
        </Alert>
      ) : (
        <Figures status={data} />
      )}
    </Stack>
  );
}

function Figures({ status }: { status: SystemStatus }) {
  const { requests, queues, proxyPay, backup, database, disk } = status;
  const lastHour = requests.perMinute.reduce((a, b) => a + b, 0);
  return (
    <Stack gap="lg">
      {backup.overdue && (
        <WarningNotice title="Cópia de segurança atrasada">
          {backup.lastAt
            ? `A última cópia de segurança terminou ${ago(backup.lastAt)} (mais de 48 horas). Execute 'npm run backup' ou verifique a tarefa agendada.`
            : "Nenhuma cópia de segurança registrada. Execute 'npm run backup' e agende-a todos os dias."}
        </WarningNotice>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Requisições (última hora)">
          <Text size="sm">
            {lastHour.toLocaleString("pt-BR")} {lastHour === 1 ? "requisição" : "requisições"}; no último minuto,{" "}
            {(requests.perMinute.at(-1) ?? 0).toLocaleString("pt-BR")}. {p95Text(requests.p95Seconds)}
          </Text>
          <PerMinuteChart perMinute={requests.perMinute} />
          <Text size="xs" c="dimmed">
            Contadas por esta instância do servidor desde que ela iniciou.
          </Text>
        </Section>
        <Section title="Filas">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fila</Table.Th>
                <Table.Th ta="right">Aguardando</Table.Th>
                <Table.Th ta="right">Com falha</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queues.map((q) => (
                <Table.Tr key={q.queue}>
                  <Table.Td>{queueName(q.queue)}</Table.Td>
                  <Table.Td ta="right">{q.waiting}</Table.Td>
                  <Table.Td ta="right" c={q.failed > 0 ? "red.8" : undefined} fw={q.failed > 0 ? 600 : undefined}>
                    {q.failed}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="Referências Multicaixa (ProxyPay)">
          <Text size="sm">
            {!proxyPay.enabled
              ? "Desligadas neste servidor."
              : proxyPay.lastPollAt
                ? `Última consulta bem-sucedida ${ago(proxyPay.lastPollAt)} (${formatDateTime(proxyPay.lastPollAt)}).`
                : "Nenhuma consulta bem-sucedida ainda."}
          </Text>
        </Section>
        <Section title="Cópia de segurança">
          <Text size="sm">
            {backup.lastAt
              ? `A última terminou ${ago(backup.lastAt)} (${formatDateTime(backup.lastAt)}).`
              : "Nenhuma registrada."}
          </Text>
        </Section>
        <Section title="Banco de dados (PostgreSQL)">
          <Text size="sm">Tamanho: {formatBytes(database.sizeBytes)}.</Text>
          <Text size="sm">
            Conexões: {database.connections} de {database.maxConnections} permitidas. Neste servidor:{" "}
            {database.pool.inUse} em uso, {database.pool.idle} livres
            {database.pool.waiting > 0 ? `, ${database.pool.waiting} requisições esperando` : ""}.
          </Text>
        </Section>
        <Section title="Disco dos arquivos">
          <Text size="sm">
            {disk
              ? `${formatBytes(disk.freeBytes)} livres de ${formatBytes(disk.totalBytes)}.`
              : "Os arquivos estão num bucket S3: sem disco local a vigiar."}
          </Text>
        </Section>
      </SimpleGrid>
      <MailFailuresNotice />
      <SmsNotices />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** 60 bars, one per minute, the current minute last: drawn, and said in its label for screen readers. */
function PerMinuteChart({ perMinute }: { perMinute: number[] }) {
  const highest = Math.max(1, ...perMinute);
  const label = `Requisições por minuto na última hora: máximo ${Math.max(...perMinute)}, no último minuto ${perMinute.at(-1) ?? 0}`;
  return (
    <svg role="img" aria-label={label} viewBox="0 0 120 40" width="100%" height="64" preserveAspectRatio="none">
      {perMinute.map((count, i) => {
        const height = (count / highest) * 38;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one bar per minute slot, in a fixed order
          <rect key={i} x={i * 2} y={40 - height} width={1.6} height={height} fill="var(--mantine-color-blue-6)" />
        );
      })}
    </svg>
  );
}
