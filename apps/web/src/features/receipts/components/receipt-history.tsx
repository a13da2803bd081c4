import { formatDateTime } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { fileUrl } from "../../../lib/file-url";
import type { OwnReceipt } from "../api/own-receipts";
import { ReceiptStatusBadge } from "./receipt-status-badge";

export const NO_RECEIPTS = "Nenhum comprovante enviado ainda";

/**
 * 'Histórico de comprovantes' (SPEC §2 'Student payment screen'): newest first, each with its course,
 * when it was sent (dd/MM/yyyy às HH:mm, Luanda), its status, the rejection reason, and the file.
 */
export function ReceiptHistory({ receipts }: { receipts: readonly OwnReceipt[] }) {
  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="receipt-history-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="receipt-history-title">
          Histórico de comprovantes
        </Title>
        {receipts.length === 0 ? (
          <Text c="dimmed" size="sm">
            {NO_RECEIPTS}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {receipts.map((r) => (
              <Paper key={r.id} withBorder p="sm" component="li" aria-label={`Comprovante: ${r.courseName}`}>
                <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{r.courseName}</Text>
                    <Text size="sm" c="dimmed">
                      Enviado em {formatDateTime(r.submittedAt)} · {formatKz(r.paidAmount)}
                    </Text>
                  </Stack>
                  <ReceiptStatusBadge status={r.status} />
                </Group>
                {r.status === "rejected" && r.notes && (
                  <Text size="sm" mt="xs">
                    <Text span fw={600}>
                      Motivo da rejeição:
                    </Text>{" "}
                    {r.notes}
                  </Text>
                )}
                <Button
                  component="a"
                  href={fileUrl(r.fileId)}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  size="xs"
                  mt="xs"
                  leftSection={<IconExternalLink size={14} aria-hidden />}
                  aria-label={`Ver Arquivo: comprovante de ${r.courseName} enviado em ${formatDateTime(r.submittedAt)}`}
                >
                  Ver Arquivo
                </Button>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
