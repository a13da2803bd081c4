import { formatDateTime } from "@app/shared/dates";
import { Button, Group, Stack, Text } from "@mantine/core";
import { TechnicianDetails } from "../../../components/technician-details";
import { WarningNotice } from "../../../components/warning-notice";
import { feedback } from "../../../lib/mutation-feedback";
import { type MailFailure, useMailFailures, useRequeueMail } from "../api/mail-failures";
import { mailFailuresTitle } from "../logic/mail-failures";

/**
 * The super_admin's dashboard lists the e-mails that keep failing (decision 056): each recipient and
 * subject, its tries, what went wrong in a director's words (the setting to change behind 'Detalhes para o
 * técnico', decision 088), and 'Tentar de novo'. Nobody else asks.
 */
export function MailFailuresNotice() {
  const { isSuperAdmin, data } = useMailFailures();
  const requeue = useRequeueMail();
  if (!isSuperAdmin || !data?.failures.length) return null;
  return (
    <WarningNotice title={mailFailuresTitle(data.failures.length)}>
      <Text size="sm" mb="sm">
        O servidor de e-mail recusou ou não respondeu. O portal volta a tentar sozinho durante algumas horas; depois
        disso, só com 'Tentar de novo'.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {data.failures.map((f) => (
          <li key={f.id}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {f.to} — {f.subject}
                </Text>
                <Text size="sm">{f.error}</Text>
                {f.technicalDetail && <TechnicianDetails>{f.technicalDetail}</TechnicianDetails>}
                <Text size="xs" c="dimmed">
                  {triesLine(f)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                loading={requeue.isPending && requeue.variables === f.id}
                aria-label={`Tentar de novo: e-mail para ${f.to}`}
                onClick={() => requeue.mutate(f.id, feedback({ failure: "Erro ao reenviar o e-mail" }))}
              >
                Tentar de novo
              </Button>
            </Group>
          </li>
        ))}
      </Stack>
    </WarningNotice>
  );
}

function triesLine(f: MailFailure): string {
  const tries = `${f.tries} ${f.tries === 1 ? "tentativa" : "tentativas"}`;
  const last = f.lastTryAt ? `, a última em ${formatDateTime(f.lastTryAt)}` : "";
  const next = f.state === "retrying" && f.nextTryAt ? `. Nova tentativa em ${formatDateTime(f.nextTryAt)}` : "";
  return `${tries}${last}${next}${f.state === "failed" ? ". Sem novas tentativas." : "."}`;
}
