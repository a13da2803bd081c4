import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { OwnEnrollment } from "../../enrollments/api/enrollments";

/**
 * 'Pagamentos recebidos' (issue 34): every payment recorded for the student's enrolments, whatever the
 * way it came (a receipt validated, a bank statement, a Multicaixa reference, the desk), with the amount,
 * the date and the way; newest first. Nothing while there is none.
 */
export function PaymentsReceived({ enrollments }: { enrollments: readonly OwnEnrollment[] }) {
  const received = enrollments
    .flatMap((e) => e.payments.map((p) => ({ ...p, courseName: e.courseName })))
    .sort((a, b) => (a.paymentDate < b.paymentDate ? 1 : a.paymentDate > b.paymentDate ? -1 : 0));
  if (received.length === 0) return null;
  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="payments-received-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payments-received-title">
          Pagamentos recebidos
        </Title>
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {received.map((p) => (
            <Paper key={p.id} withBorder p="sm" component="li" aria-label={`Pagamento: ${p.courseName}`}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{p.courseName}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDate(p.paymentDate)} · {p.paymentMethodLabel}
                  </Text>
                </Stack>
                <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                  {formatKz(p.amount)}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
