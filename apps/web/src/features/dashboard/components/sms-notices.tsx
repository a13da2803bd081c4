import { formatDateTime } from "@app/shared/dates";
import type { SmsFailure } from "@app/shared/schemas/sms";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useRef } from "react";
import { WarningNotice } from "../../../components/warning-notice";
import { feedback } from "../../../lib/mutation-feedback";
import { useRequeueSms, useSmsNotices } from "../api/sms-notices";

/** 'N SMS não foram enviados' (decision 094). */
export const smsFailuresTitle = (count: number) =>
  count === 1 ? "1 SMS não foi enviado" : `${count} SMS não foram enviados`;

/**
 * Beside the e-mails that were not sent, the super_admin's Painel lists the SMS the provider never took
 * after every try, each with 'Tentar de novo' (decision 094), and says when today's daily cap was
 * reached (the messages wait for the next day). Nobody else asks.
 */
export function SmsNotices() {
  const { isSuperAdmin, data } = useSmsNotices();
  if (!isSuperAdmin || !data) return null;
  return (
    <>
      {data.capReached && (
        <WarningNotice title="Limite diário de SMS atingido">
          <Text size="sm">
            Hoje já foram enviados {data.dailyCap} SMS, o limite diário.{" "}
            {data.held === 1 ? "1 SMS aguarda" : `${data.held} SMS aguardam`} e{" "}
            {data.held === 1 ? "será enviado" : "serão enviados"} a partir da meia-noite. O limite está em Configurações
            → SMS.
          </Text>
        </WarningNotice>
      )}
      {data.failures.length > 0 && <SmsFailuresList failures={data.failures} />}
    </>
  );
}

function SmsFailuresList({ failures }: { failures: SmsFailure[] }) {
  const requeue = useRequeueSms();
  // isPending is seen only at the next render: a double click must send one request.
  const sending = useRef(false);
  const retry = (id: string) => {
    if (sending.current) return;
    sending.current = true;
    requeue.mutate(id, {
      ...feedback({ failure: "Erro ao reenviar o SMS" }),
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return (
    <WarningNotice title={smsFailuresTitle(failures.length)}>
      <Text size="sm" mb="sm">
        O provedor de SMS não aceitou estas mensagens após várias tentativas. Avise o aluno pelo WhatsApp ou por
        telefone, ou use 'Tentar de novo'.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {failures.map((f) => (
          <li key={f.id}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {f.studentName ? `${f.studentName} (${f.to})` : f.to} — {f.what}
                </Text>
                <Text size="sm">{f.error}</Text>
                <Text size="xs" c="dimmed">
                  {f.tries} {f.tries === 1 ? "tentativa" : "tentativas"}
                  {f.failedAt ? `, a última em ${formatDateTime(f.failedAt)}` : ""}. Sem novas tentativas.
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                loading={requeue.isPending && requeue.variables === f.id}
                aria-label={`Tentar de novo: SMS para ${f.to}`}
                onClick={() => retry(f.id)}
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
