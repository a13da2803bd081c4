import { SECOND_STEP_OVER } from "@app/shared/messages";
import { secondStepCodeSchema } from "@app/shared/schemas/auth";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-error";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { toastError } from "../../../lib/toast";
import { useSignInCode } from "../../two-factor/api/two-factor";

/**
 * The staff sign-in's second step (decision 076): the authenticator's 6-digit code, or a backup code.
 * When the step is over (expired, too many wrong codes) the form goes back to the password. A backup code
 * is accepted in any case, with or without its dash (decision 086).
 */
export function SecondStepForm({ onRestart }: { onRestart: () => void }) {
  const navigate = useNavigate();
  const verify = useSignInCode();
  const [backup, setBackup] = useState(false);
  const form = useForm({
    initialValues: { code: "", backup: false },
    validate: schemaResolver(secondStepCodeSchema, { sync: true }),
  });
  const label = backup ? "Código de recuperação" : "Código de verificação";
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        verify.mutate(
          { code: values.code, backup },
          {
            onSuccess: () => navigate("/admin"),
            onError: (error) => {
              form.setFieldValue("code", "");
              if (error instanceof ApiError && error.code === SECOND_STEP_OVER.code) {
                toastError(error.message);
                onRestart();
                // On the field, not in a toast: on a phone a toast sits over the field being typed again.
              } else if (!applyServerErrors(form, error)) form.setFieldError("code", errorMessage(error));
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          {backup
            ? "Digite um dos seus códigos de recuperação (cada um serve uma única vez)."
            : "Abra o aplicativo de autenticação e digite o código de 6 dígitos."}
        </Text>
        <TextInput
          key={label}
          label={label}
          description={backup ? "Em maiúsculas ou minúsculas, com ou sem o hífen" : undefined}
          inputMode={backup ? "text" : "numeric"}
          autoComplete={backup ? "off" : "one-time-code"}
          autoCapitalize={backup ? "characters" : undefined}
          spellCheck={false}
          autoFocus
          required
          errorProps={{ role: "alert" }}
          {...form.getInputProps("code")}
        />
        <Button type="submit" loading={verify.isPending} fullWidth mt="xs">
          Verificar
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setBackup((b) => !b);
            form.setFieldValue("code", "");
          }}
        >
          {backup ? "Usar o código do aplicativo" : "Usar um código de recuperação"}
        </Anchor>
      </Stack>
    </form>
  );
}
