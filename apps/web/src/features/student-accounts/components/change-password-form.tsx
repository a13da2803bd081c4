import { SAME_AS_TEMPORARY_PASSWORD } from "@app/shared/field-messages";
import { STUDENT_PASSWORD_LENGTH } from "@app/shared/limits";
import { WRONG_CURRENT_PASSWORD } from "@app/shared/messages";
import { Alert, Button, List, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconShieldCheck } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { ApiError } from "../../../lib/api-error";
import { applyServerErrors } from "../../../lib/form-errors";
import { lazySchema } from "../../../lib/lazy-schema";
import { toastError, toastSuccess } from "../../../lib/toast";
import { useChangeOwnPassword } from "../api/student-accounts";

const upper = (v: string) => v.toUpperCase();
const schemas = lazySchema(() => import("@app/shared/schemas/student-accounts"));
const validateTemporary = schemas.validate((m) => m.changeStudentPasswordSchema);
const validateWithCurrent = schemas.validate((m) => m.changeStudentPasswordFormSchema);

/**
 * The student's password change (SPEC §2 'Student access screen'): current, new and confirmation, the
 * requirements and a security tip. 'Dados de Acesso' and the first-sign-in step (/escolher-senha) show it.
 * `temporary`: the current password is still temporary. The student has just typed it to sign in, so it is
 * not asked (decision 090) unless the server asks for it (that sign-in was more than 15 minutes ago); once
 * typed, keeping it is refused before anything is sent.
 */
export function ChangePasswordForm({ temporary, title }: { temporary: boolean; title: ReactNode }) {
  const change = useChangeOwnPassword();
  const [askCurrent, setAskCurrent] = useState(!temporary);
  const form = useForm({
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: temporary ? validateTemporary : validateWithCurrent,
  });
  const upperInput = (field: "currentPassword" | "newPassword" | "confirmPassword") => ({
    ...form.getInputProps(field),
    maxLength: STUDENT_PASSWORD_LENGTH,
    autoCapitalize: "characters",
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, upper(e.currentTarget.value)),
  });

  return (
    <form
      noValidate
      onFocus={schemas.load}
      onSubmit={schemas.submitted(
        form.onSubmit((values) => {
          // The current password is still the temporary one: keeping it would change nothing.
          if (temporary && askCurrent && values.newPassword === values.currentPassword) {
            form.setFieldError("newPassword", SAME_AS_TEMPORARY_PASSWORD);
            return;
          }
          change.mutate(values, {
            onSuccess: () => {
              toastSuccess("Senha alterada com sucesso");
              form.reset();
            },
            onError: (e) => {
              if (e instanceof ApiError && e.issues.some((i) => i.path === "currentPassword")) setAskCurrent(true);
              if (e instanceof ApiError && e.code === WRONG_CURRENT_PASSWORD.code)
                form.setFieldError("currentPassword", e.message);
              else if (!applyServerErrors(form, e)) toastError(`Erro ao alterar senha: ${e.message}`);
            },
          });
        }),
      )}
    >
      <Stack gap="sm" maw={420}>
        {title}
        {askCurrent && (
          <PasswordInput
            label="Senha atual"
            description={temporary ? "A senha temporária com que entrou" : undefined}
            autoComplete="current-password"
            required
            {...upperInput("currentPassword")}
          />
        )}
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
            Dica de segurança: não compartilhe a sua senha e evite datas de nascimento ou sequências como 123456.
          </Text>
        </Alert>
        <Button type="submit" loading={change.isPending} style={{ alignSelf: "flex-start" }}>
          Alterar senha
        </Button>
      </Stack>
    </form>
  );
}
