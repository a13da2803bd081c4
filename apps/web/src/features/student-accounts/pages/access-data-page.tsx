import { formatDateTime } from "@app/shared/dates";
import { STUDENT_PASSWORD_LENGTH } from "@app/shared/limits";
import { WRONG_CURRENT_PASSWORD } from "@app/shared/messages";
import { changeStudentPasswordSchema, SAME_AS_TEMPORARY_PASSWORD } from "@app/shared/schemas/student-accounts";
import { Alert, Badge, Button, Card, Group, List, PasswordInput, Skeleton, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertTriangle, IconShieldCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api";
import { applyServerErrors } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { ownAccountQuery, useChangeOwnPassword } from "../api/student-accounts";

const upper = (v: string) => v.toUpperCase();

/** /aluno/acesso: 'Dados de Acesso' (SPEC §2 'Student access screen'). */
export function Component() {
  const { data: account, isPending } = useQuery(ownAccountQuery);
  const change = useChangeOwnPassword();
  const form = useForm({
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: schemaResolver(changeStudentPasswordSchema, { sync: true }),
  });
  const upperInput = (field: "currentPassword" | "newPassword" | "confirmPassword") => ({
    ...form.getInputProps(field),
    maxLength: STUDENT_PASSWORD_LENGTH,
    autoCapitalize: "characters",
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, upper(e.currentTarget.value)),
  });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Dados de Acesso
      </Title>
      <Card withBorder padding="lg">
        {isPending || !account ? (
          <Skeleton height={60} />
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Nome
            </Text>
            <Text fw={600}>{account.studentName}</Text>
            <Text size="sm" c="dimmed" mt="xs">
              Código de estudante
            </Text>
            <Group gap="xs">
              <Badge size="xl" variant="light">
                {account.studentCode}
              </Badge>
            </Group>
            <Text size="sm">Use este código para fazer login</Text>
            <Text size="sm" c="dimmed" mt="xs">
              Última alteração da senha:{" "}
              {account.passwordChangedAt ? formatDateTime(account.passwordChangedAt) : "nunca (senha temporária)"}
            </Text>
          </Stack>
        )}
      </Card>
      {account && !account.passwordChangedAt && (
        <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title="Está a usar uma senha temporária">
          Por segurança, altere a senha que recebeu ao criar a conta para uma senha só sua.
        </Alert>
      )}
      <Card withBorder padding="lg" component="section" aria-labelledby="alterar-senha">
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            // The current password is still the temporary one: keeping it would change nothing.
            if (account?.mustChangePassword && values.newPassword === values.currentPassword) {
              form.setFieldError("newPassword", SAME_AS_TEMPORARY_PASSWORD);
              return;
            }
            change.mutate(values, {
              onSuccess: () => {
                toastSuccess("Senha alterada com sucesso");
                form.reset();
              },
              onError: (e) => {
                if (e instanceof ApiError && e.code === WRONG_CURRENT_PASSWORD.code)
                  form.setFieldError("currentPassword", e.message);
                else if (!applyServerErrors(form, e)) toastError(`Erro ao alterar senha: ${e.message}`);
              },
            });
          })}
        >
          <Stack gap="sm" maw={420}>
            <Title order={2} size="h4" id="alterar-senha">
              Alterar senha
            </Title>
            <PasswordInput
              label="Senha atual"
              autoComplete="current-password"
              required
              {...upperInput("currentPassword")}
            />
            <PasswordInput label="Nova senha" autoComplete="new-password" required {...upperInput("newPassword")} />
            <PasswordInput
              label="Confirmar nova senha"
              autoComplete="new-password"
              required
              {...upperInput("confirmPassword")}
            />
            <Text size="sm" fw={600}>
              Requisitos da senha:
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>Exatamente 6 caracteres</List.Item>
              <List.Item>Apenas letras (A-Z) e números (0-9)</List.Item>
              <List.Item>As letras são convertidas em maiúsculas</List.Item>
            </List>
            <Alert variant="light" icon={<IconShieldCheck size={18} />} p="sm">
              <Text size="sm">
                Dica de segurança: não partilhe a sua senha e evite datas de nascimento ou sequências como 123456.
              </Text>
            </Alert>
            <Button type="submit" loading={change.isPending} style={{ alignSelf: "flex-start" }}>
              Alterar senha
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
