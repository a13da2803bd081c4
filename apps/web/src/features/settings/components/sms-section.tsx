import { ANGOLAN_MOBILE_HINT } from "@app/shared/phone-format";
import { type SmsOverview, smsCapsInputSchema, smsTestInputSchema } from "@app/shared/schemas/sms";
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { WholeNumberInput } from "../../../components/whole-number-input";
import { errorMessage } from "../../../lib/form-errors";
import { feedback } from "../../../lib/mutation-feedback";
import { smsOverviewQuery, useSaveSmsCaps, useSendTestSms } from "../api/sms";

/**
 * 'SMS' on Configurações (super_admin; decision 094): whether a provider is configured, the sender the
 * students see, today's count against the daily cap, 'Limites de SMS' and 'Enviar SMS de teste'. The
 * provider is set by the technician (environment), not here.
 */
export function SmsSection() {
  const titleId = useId();
  const { data, isPending, isError, error } = useQuery(smsOverviewQuery);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        SMS
      </Title>
      {isPending ? (
        <Skeleton height={120} />
      ) : isError ? (
        <Alert color="red" title="Erro ao carregar o envio de SMS">
          {errorMessage(error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <SmsFacts overview={data} />
          {data.configured && <SmsCapsForm overview={data} />}
          {data.configured && <TestSmsForm />}
        </Stack>
      )}
    </Paper>
  );
}

function SmsFacts({ overview }: { overview: SmsOverview }) {
  if (!overview.configured)
    return (
      <Text size="sm">
        <Badge color="gray.8" variant="outline" mr="xs" style={{ textTransform: "none" }}>
          Não configurado
        </Badge>
        Nenhum SMS é enviado aos alunos. O técnico ativa o envio com SMS_PROVIDER e os dados da conta Twilio (veja o
        README).
      </Text>
    );
  const capReached = overview.sentToday >= overview.dailyCap;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Fact label="Provedor">
        <Badge color="#087f5b" variant="outline" style={{ textTransform: "none" }}>
          Configurado ({overview.provider === "twilio" ? "Twilio" : overview.provider})
        </Badge>
      </Fact>
      <Fact label="Remetente">
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {overview.sender}
        </Text>
      </Fact>
      <Fact label="Enviados hoje">
        <Text fw={600}>
          {overview.sentToday} de {overview.dailyCap}
        </Text>
        <Text size="xs" c={capReached ? "red.8" : "dimmed"}>
          {capReached
            ? `Limite diário atingido: ${overview.held} SMS aguardam o dia seguinte.`
            : `Limite diário de ${overview.dailyCap}; no máximo ${overview.perStudentDailyCap} por número por dia.`}
        </Text>
      </Fact>
    </SimpleGrid>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The caps protect the institute's money: 0 pauses sending (messages wait, none is lost). */
function SmsCapsForm({ overview }: { overview: SmsOverview }) {
  const save = useSaveSmsCaps();
  const form = useForm({
    initialValues: { dailyCap: String(overview.dailyCap), perStudentDailyCap: String(overview.perStudentDailyCap) },
    validate: schemaResolver(smsCapsInputSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      aria-label="Limites de SMS"
      onSubmit={form.onSubmit((caps) =>
        save.mutate(
          caps,
          feedback({
            success: ({ held }) => ({
              title: "Limites de SMS salvos",
              message: held > 0 ? `${held} SMS que aguardavam o limite são tentados de novo agora.` : undefined,
            }),
            failure: "Erro ao salvar os limites de SMS",
            form,
          }),
        ),
      )}
    >
      <Group align="flex-start" gap="sm">
        <WholeNumberInput
          label="Limite diário"
          description="SMS por dia, para todo o instituto (0 pausa o envio)"
          required
          style={{ flex: "1 1 12rem" }}
          {...form.getInputProps("dailyCap")}
        />
        <WholeNumberInput
          label="Limite por número"
          description="SMS por dia para o mesmo número"
          required
          style={{ flex: "1 1 12rem" }}
          {...form.getInputProps("perStudentDailyCap")}
        />
      </Group>
      <Button type="submit" mt="sm" variant="light" loading={save.isPending}>
        Salvar limites
      </Button>
    </form>
  );
}

function TestSmsForm() {
  const send = useSendTestSms();
  const form = useForm({ initialValues: { phone: "" }, validate: schemaResolver(smsTestInputSchema, { sync: true }) });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ phone }) =>
        send.mutate(
          phone,
          feedback({
            success: ({ to }) => ({ title: "SMS de teste na fila", message: `Deve chegar a ${to} em instantes.` }),
            failure: "Erro ao enviar o SMS de teste",
            form,
          }),
        ),
      )}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Número para o teste"
          description={ANGOLAN_MOBILE_HINT}
          type="tel"
          inputMode="tel"
          required
          style={{ flex: "1 1 16rem" }}
          maw={{ base: "100%", sm: 420 }}
          {...form.getInputProps("phone")}
        />
        <Button type="submit" loading={send.isPending}>
          Enviar SMS de teste
        </Button>
      </Group>
    </form>
  );
}
