import { INVALID_LINK } from "@app/shared/messages";
import { resetPasswordSchema } from "@app/shared/schemas/auth";
import { Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { LoadingScreen } from "../../../components/loading-screen";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { resetLinkQuery, useResetPassword, useSignOut } from "../api/auth";

/** /reset-password?token=… from the recovery e-mail (SPEC §2 'Reset password'). */
export function Component() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get("token") ?? "";
  const check = useQuery(resetLinkQuery(token));
  const invalid = !token || check.isError;
  useEffect(() => {
    if (invalid) {
      toastError(INVALID_LINK.message, "Peça um novo link de recuperação.");
      navigate("/auth", { replace: true });
    }
  }, [invalid, navigate]);

  const reset = useResetPassword();
  const signOut = useSignOut("/auth");
  const form = useForm({
    initialValues: { token, password: "", confirmPassword: "" },
    validate: schemaResolver(resetPasswordSchema, { sync: true }),
  });

  if (invalid || check.isPending) return <LoadingScreen />;
  return (
    <AuthCard>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          reset.mutate(
            { ...values, token },
            {
              onSuccess: () => {
                toastSuccess("Senha redefinida com sucesso!", "Entre com a nova senha.");
                // The reset ended every session; this clears any cookie left in this browser too.
                signOut.mutate(undefined, { onError: () => navigate("/auth", { replace: true }) });
              },
              onError: (error) => {
                if (!applyServerErrors(form, error)) toastError("Erro ao redefinir senha", errorMessage(error));
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Title order={1} size="h2">
            Redefinir Senha
          </Title>
          <Text c="dimmed" size="sm">
            Escolha uma nova senha com 6 a 100 caracteres.
          </Text>
          <PasswordInput label="Nova senha" autoComplete="new-password" required {...form.getInputProps("password")} />
          <PasswordInput
            label="Confirmar nova senha"
            autoComplete="new-password"
            required
            {...form.getInputProps("confirmPassword")}
          />
          <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
            Redefinir senha
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
