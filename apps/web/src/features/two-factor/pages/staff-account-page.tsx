import { twoFactorConfirmSchema, twoFactorStartSchema } from "@app/shared/schemas/auth";
import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { CopyableValue } from "../../../components/copyable-value";
import { PageHeader } from "../../../components/page-header";
import { WarningNotice } from "../../../components/warning-notice";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { type TwoFactorSetUp, useConfirmTwoFactor, useStartTwoFactor } from "../api/two-factor";
import { BackupCodes } from "../components/backup-codes";

/** 'Minha conta' of a staff user: 'Verificação em dois passos' (decision 076). */
export function Component() {
  const { data: session } = useSession();
  const staff = session?.staff;
  const [setUp, setSetUp] = useState<TwoFactorSetUp | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Minha conta" subtitle={session?.user?.email ?? ""} />
      <Card withBorder padding="lg" component="section" aria-labelledby="two-factor-title">
        <Stack gap="md">
          <Group gap="sm">
            <Title order={2} size="h4" id="two-factor-title">
              Verificação em dois passos
            </Title>
            {staff?.twoFactorEnabled ? (
              <Badge color="#1f6b30" leftSection={<IconShieldCheck size={14} aria-hidden />}>
                Ativa
              </Badge>
            ) : (
              <Badge color="gray.8">Desativada</Badge>
            )}
          </Group>
          {codes ? (
            <BackupCodes codes={codes} />
          ) : staff?.twoFactorEnabled ? (
            <Text>
              Ao entrar, depois da senha, é pedido o código de 6 dígitos do seu aplicativo de autenticação (ou um código
              de recuperação). Se perder o celular, peça a um Super Administrador que a desative.
            </Text>
          ) : setUp ? (
            <ConfirmStep setUp={setUp} onDone={() => setCodes(setUp.backupCodes)} />
          ) : (
            <>
              {staff?.twoFactorRequired && (
                <WarningNotice title="O seu perfil exige a verificação em dois passos">
                  Ative-a para continuar a usar o sistema: sem ela, nenhuma outra área abre.
                </WarningNotice>
              )}
              <Text>
                Além da senha, cada entrada pede um código de 6 dígitos de um aplicativo de autenticação no seu celular
                (Google Authenticator, Microsoft Authenticator, Aegis). Uma senha roubada deixa de bastar.
              </Text>
              <StartForm onStarted={setSetUp} />
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

/** A refusal on the field it concerns (announced), never a toast: on a phone a toast sits over the field. */
function onField(form: Parameters<typeof applyServerErrors>[0], field: string) {
  return (error: Error) => {
    if (!applyServerErrors(form, error)) form.setErrors({ [field]: errorMessage(error) });
  };
}

function StartForm({ onStarted }: { onStarted: (setUp: TwoFactorSetUp) => void }) {
  const start = useStartTwoFactor();
  const form = useForm({
    initialValues: { password: "" },
    validate: schemaResolver(twoFactorStartSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        start.mutate(values, { onSuccess: onStarted, onError: onField(form, "password") }),
      )}
    >
      <Stack gap="sm" maw={360}>
        <PasswordInput
          label="Senha atual"
          description="Confirme que é você"
          autoComplete="current-password"
          required
          errorProps={{ role: "alert" }}
          {...form.getInputProps("password")}
        />
        <Button type="submit" loading={start.isPending}>
          Ativar verificação em dois passos
        </Button>
      </Stack>
    </form>
  );
}

/** The secret as people copy it by hand: groups of four ('ABCD EFGH …'); the copy button gives it whole. */
function inGroupsOfFour(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? "";
}

function ConfirmStep({ setUp, onDone }: { setUp: TwoFactorSetUp; onDone: () => void }) {
  const confirm = useConfirmTwoFactor();
  const form = useForm({
    initialValues: { code: "" },
    validate: schemaResolver(twoFactorConfirmSchema, { sync: true }),
  });
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setUp.qrSvg)}`;
  return (
    <Stack gap="md">
      <Text>
        1. No aplicativo de autenticação, adicione uma conta e leia este código QR (ou digite a chave secreta).
      </Text>
      <Alert color="blue" variant="light" title="Está vendo esta página no celular?" hiddenFrom="sm">
        O celular não consegue ler o código QR que ele mesmo mostra. Abra esta página em outro dispositivo (um
        computador, por exemplo) e leia o código de lá, ou, no aplicativo, escolha digitar a chave e copie a chave
        secreta abaixo.
      </Alert>
      <img src={qr} alt="Código QR para o aplicativo de autenticação" width={200} height={200} />
      <CopyableValue
        label="Chave secreta"
        value={setUp.secret}
        shown={inGroupsOfFour(setUp.secret)}
        copied="Chave copiada"
        size="md"
      />
      <Text>2. Digite o código de 6 dígitos que o aplicativo mostra.</Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          confirm.mutate(values, {
            onSuccess: onDone,
            onError: (error) => {
              form.setFieldValue("code", "");
              onField(form, "code")(error);
            },
          }),
        )}
      >
        <Stack gap="sm" maw={360}>
          <TextInput
            label="Código de verificação"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            errorProps={{ role: "alert" }}
            {...form.getInputProps("code")}
          />
          <Button type="submit" loading={confirm.isPending}>
            Confirmar
          </Button>
        </Stack>
      </form>
      <Alert color="gray" variant="light">
        A verificação só fica ativa depois de confirmar um código.
      </Alert>
    </Stack>
  );
}
