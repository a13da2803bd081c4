import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { pluralize } from "@app/shared/text";
import { Alert, Group, List, Loader, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { MappingRead } from "../api/bank-statements";

const nowrap = { whiteSpace: "nowrap" } as const;
const WARNING_COLOR = "#a33d07";

/**
 * What the server read with the columns chosen (issue 34), before anything is imported: the first lines
 * (date, descritivo, amount, credit or debit, or why a line cannot be read), how many credits and debits and
 * their totals, and what looks wrong. Two columns, so a phone shows it without scrolling sideways.
 */
export function MappingReadView({
  read,
  reading,
  error,
}: {
  read: MappingRead | undefined;
  reading: boolean;
  error: string | null;
}) {
  return (
    <Stack gap="xs" aria-busy={reading || undefined}>
      <Group gap="xs">
        <Text fw={600} size="sm" id="read-title">
          Valores lidos com estas colunas
        </Text>
        {reading && (
          <Group gap={4}>
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Carregando...
            </Text>
          </Group>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {read && !reading && <ReadValues read={read} />}
    </Stack>
  );
}

function ReadValues({ read }: { read: MappingRead }) {
  const { credits, debits, unreadable, warnings } = read;
  return (
    <>
      {warnings.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Confira as colunas: os valores lidos parecem errados"
        >
          <List size="sm" spacing={4}>
            {warnings.map((w) => (
              <List.Item key={w.code + w.message}>{w.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group gap="lg" role="group" aria-label="Totais lidos">
        <Text size="sm">
          <b>{pluralize(credits.count, "crédito", "créditos")}</b> · {formatKz(credits.total)}
        </Text>
        <Text size="sm">
          <b>{pluralize(debits.count, "débito", "débitos")}</b> (não importados) · {formatKz(Math.abs(debits.total))}
        </Text>
        {unreadable > 0 && (
          <Text size="sm" c={WARNING_COLOR}>
            <b>{pluralize(unreadable, "linha ilegível", "linhas ilegíveis")}</b>
          </Text>
        )}
      </Group>
      <Table withTableBorder fz="xs" verticalSpacing={4} aria-labelledby="read-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Linha, data e descritivo</Table.Th>
            <Table.Th style={{ textAlign: "right" }}>Valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {read.lines.map((l) => (
            <Table.Tr key={l.line}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Text size="xs" fw={600}>
                  Linha {l.line}
                  {l.date && ` · ${formatDate(l.date)}`}
                </Text>
                {l.kind === "unreadable" ? (
                  <Text size="xs" c={WARNING_COLOR}>
                    {l.reason}
                  </Text>
                ) : (
                  <>
                    <Text size="xs">{l.reference || "—"}</Text>
                    {l.payer && (
                      <Text size="xs" c="dimmed">
                        {l.payer}
                      </Text>
                    )}
                  </>
                )}
              </Table.Td>
              <Table.Td style={{ textAlign: "right", verticalAlign: "top" }}>
                {l.kind !== "unreadable" && (
                  <>
                    <Text size="xs" fw={600} style={nowrap}>
                      {formatKz(Math.abs(l.amount ?? 0))}
                    </Text>
                    <Text size="xs" c={l.kind === "debit" ? WARNING_COLOR : "dimmed"}>
                      {l.kind === "debit" ? "Débito" : "Crédito"}
                    </Text>
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
