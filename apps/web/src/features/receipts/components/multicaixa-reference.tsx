import { formatDateTime } from "@app/shared/dates";
import { formatKz, formatReference } from "@app/shared/money";
import { Alert, Button, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconClockExclamation, IconPlugConnectedX } from "@tabler/icons-react";
import { CopyableValue } from "../../../components/copyable-value";
import { errorMessage } from "../../../lib/form-errors";
import { type OwnReference, useRenewOwnReference } from "../../payment-references/api/payment-references";

/**
 * 'Pagar por referência Multicaixa' (issue 26): entity, reference and amount, large and copyable, as the
 * ATM or the bank app asks for them, and until when the reference is valid; an expired one is renewed here.
 */
export function MulticaixaReference({ reference }: { reference: OwnReference }) {
  const renew = useRenewOwnReference();
  return (
    <Paper
      withBorder
      p="md"
      bg="var(--mantine-color-teal-light)"
      component="section"
      aria-label="Pagar por referência Multicaixa"
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          Pagar por referência Multicaixa
        </Title>
        {reference.status === "creating" || !reference.reference || !reference.entity ? (
          <Text size="sm" role="status">
            <Loader size="xs" mr="xs" />
            Preparando a referência de pagamento…
          </Text>
        ) : reference.expired ? (
          <Alert color="orange" icon={<IconClockExclamation size={20} />} title="Referência expirada">
            <Text size="sm">
              A referência Multicaixa {formatReference(reference.reference)} já não pode ser paga. Peça uma nova para
              pagar no Multicaixa, ou pague por transferência e envie o comprovante abaixo.
            </Text>
            {renew.isError && (
              <Text size="sm" c="red.8" mt="xs" role="alert">
                {errorMessage(renew.error)}
              </Text>
            )}
            <Button mt="sm" loading={renew.isPending} onClick={() => renew.mutate(reference.enrollmentId)}>
              Pedir nova referência
            </Button>
          </Alert>
        ) : (
          <>
            <CopyableValue label="Entidade" value={reference.entity} copied="Entidade copiada!" />
            {/* 'Referência Multicaixa': not the transfer's 'Código de referência' (issue 34). */}
            <CopyableValue
              label="Referência Multicaixa"
              value={reference.reference}
              shown={formatReference(reference.reference)}
              copied="Referência Multicaixa copiada!"
            />
            <CopyableValue
              label="Montante"
              value={reference.amount.toFixed(2).replace(".", ",")}
              shown={formatKz(reference.amount)}
              copied="Montante copiado!"
            />
            <Text size="sm">
              Válida até <strong>{formatDateTime(reference.endsAt)}</strong>. Pague em qualquer caixa Multicaixa ou no
              aplicativo do seu banco, em «Pagamentos por referência»: a matrícula fica concluída sozinha, sem
              comprovante.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * References switched off after this one was issued (decision 084): without the provider's key a payment
 * to it cannot be received, so the student is told not to pay it, how to pay instead, and what to do if
 * they already paid it.
 */
export function SuspendedReference({ reference }: { reference: string }) {
  return (
    <section aria-label="Pagamento por referência Multicaixa suspenso">
      <Alert
        color="orange"
        icon={<IconPlugConnectedX size={20} aria-hidden />}
        title="Pagamento por referência Multicaixa suspenso"
      >
        <Text size="sm">
          Não pague a referência {formatReference(reference)}: no momento o portal não recebe pagamentos por referência
          Multicaixa. Pague por transferência bancária com o código de referência e envie o comprovante no formulário
          abaixo.
        </Text>
        <Text size="sm" mt="xs">
          Se já pagou esta referência, envie o comprovante do Multicaixa (o recibo impresso ou a captura de tela do
          aplicativo do banco) no formulário abaixo: a equipe financeira confirma o pagamento e a matrícula.
        </Text>
      </Alert>
    </section>
  );
}
