import { formatDateTime } from "@app/shared/dates";
import { Stack, Switch, Text, Title } from "@mantine/core";
import { errorMessage } from "../../../lib/form-errors";
import { toastError } from "../../../lib/toast";
import { type OwnStudentAccount, useSetOwnSms } from "../api/student-accounts";

/**
 * 'Receber SMS' (decision 092, Lei 22/11 and 23/11): on by default for the institute's messages about the
 * enrolment (code approved, reference, document to correct, payment, certificate); off, e-mail and
 * WhatsApp only. The date of the last change is shown.
 */
export function SmsPreference({ account }: { account: OwnStudentAccount | undefined }) {
  const setSms = useSetOwnSms();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4" id="receber-sms">
        SMS do instituto
      </Title>
      {/* Drawn before the account arrives (disabled), so its wrapped description moves nothing on a phone. */}
      <Switch
        label="Receber SMS"
        description="Avisos sobre a sua inscrição: código aprovado, referência para pagar, documento a corrigir, pagamento confirmado e certificado."
        checked={account?.smsOptIn ?? true}
        disabled={!account || setSms.isPending}
        onChange={(event) =>
          setSms.mutate(event.currentTarget.checked, {
            onError: (error) => toastError("Não foi possível salvar", errorMessage(error)),
          })
        }
      />
      {account?.smsOptInChangedAt && (
        <Text size="sm" c="dimmed">
          Alterado em {formatDateTime(account.smsOptInChangedAt)}
        </Text>
      )}
      {account && !account.smsOptIn && (
        <Text size="sm">Sem SMS, os avisos chegam por e-mail e pela secretaria (WhatsApp).</Text>
      )}
    </Stack>
  );
}
