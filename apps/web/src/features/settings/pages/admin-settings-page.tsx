import { formatDateTime } from "@app/shared/dates";
import { EMAIL_MAX, INSTITUTE_NAME_MAX, TEXT_MAX } from "@app/shared/limits";
import { ANGOLAN_MOBILE_HINT, formatAngolanMobile } from "@app/shared/phone-format";
import { formatIban, instituteSettingsInputSchema } from "@app/shared/schemas/settings";
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../../components/page-header";
import { errorMessage } from "../../../lib/form-errors";
import { feedback } from "../../../lib/mutation-feedback";
import { type InstituteSettings, instituteSettingsQuery, useSaveInstituteSettings } from "../api/institute-settings";
import { PassMarkSection } from "../components/pass-mark-form";
import { SmsSection } from "../components/sms-section";

export const SETTINGS_SAVED = "Configurações salvas com sucesso!";
export const SETTINGS_SAVE_FAILED = "Erro ao salvar configurações";

/**
 * /admin/settings 'Configurações' (super_admin; decision 047): the institute's name, bank details and
 * contacts that the approval e-mail, the WhatsApp message and the student's payment screen show.
 */
export function Component() {
  const { data, isPending, isError, error } = useQuery(instituteSettingsQuery);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Configurações"
        subtitle="Dados do instituto usados nas mensagens aos alunos e na tela de pagamento"
      />
      {isPending ? (
        <Skeleton height={320} />
      ) : isError ? (
        <Alert color="red" title="Erro ao carregar configurações">
          {errorMessage(error)}
        </Alert>
      ) : (
        // A fresh form for each saved version: its initial values are what the server holds.
        <SettingsForm key={data.updatedAt} settings={data} />
      )}
      <PassMarkSection />
      <SmsSection />
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: InstituteSettings }) {
  const save = useSaveInstituteSettings();
  const form = useForm({
    initialValues: {
      name: settings.name,
      bankName: settings.bankName,
      iban: formatIban(settings.iban),
      beneficiary: settings.beneficiary,
      whatsappNumber: formatAngolanMobile(settings.whatsappNumber),
      contactEmail: settings.contactEmail,
    },
    validate: schemaResolver(instituteSettingsInputSchema, { sync: true }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(values, feedback({ success: SETTINGS_SAVED, failure: SETTINGS_SAVE_FAILED, form })),
      )}
    >
      <Stack gap="lg">
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Instituto
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nome do instituto"
              required
              maxLength={INSTITUTE_NAME_MAX}
              {...form.getInputProps("name")}
            />
            <TextInput
              label="Email de contato"
              type="email"
              required
              maxLength={EMAIL_MAX}
              {...form.getInputProps("contactEmail")}
            />
            <TextInput
              label="Número de WhatsApp"
              description={ANGOLAN_MOBILE_HINT}
              type="tel"
              inputMode="tel"
              required
              {...form.getInputProps("whatsappNumber")}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Dados bancários
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Banco" required maxLength={TEXT_MAX} {...form.getInputProps("bankName")} />
            <TextInput
              label="Beneficiário"
              required
              maxLength={INSTITUTE_NAME_MAX}
              {...form.getInputProps("beneficiary")}
            />
            <TextInput
              label="IBAN"
              description="AO e 23 algarismos, como no extrato do banco (espaços e pontos opcionais)"
              required
              autoCapitalize="characters"
              spellCheck={false}
              {...form.getInputProps("iban")}
            />
          </SimpleGrid>
        </Paper>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Última alteração: {formatDateTime(settings.updatedAt)}
          </Text>
          <Button type="submit" loading={save.isPending}>
            Salvar configurações
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
