import { PHONE_MAX } from "@app/shared/limits";
import { SIGN_UP_FAILED } from "@app/shared/messages";
import { ANGOLAN_MOBILE_HINT, formatAngolanMobile, parseAngolanMobile } from "@app/shared/phone-format";
import { createStudentAccountSchema } from "@app/shared/schemas/student-accounts";
import { Alert, Anchor, Button, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { CopyableValue } from "../../../components/copyable-value";
import { Modal } from "../../../components/modal";
import { PrivacyShortNotice } from "../../../components/privacy-notice-text";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { toastError } from "../../../lib/toast";
import { privacyNoticeQuery } from "../../privacy/api/privacy";
import { useCreateStudentAccount } from "../api/student-accounts";

/** /criar-conta-aluno (SPEC §2 'Student account creation'). */
export function Component() {
  const navigate = useNavigate();
  const course = useSearchParams()[0].get("curso");
  const create = useCreateStudentAccount();
  const notice = useQuery(privacyNoticeQuery);
  const form = useForm({
    initialValues: { studentName: "", studentPhone: "", hasEmail: false, studentEmail: "" },
    validate: schemaResolver(createStudentAccountSchema, { sync: true }),
  });
  const created = create.data;
  const phoneProps = form.getInputProps("studentPhone");

  return (
    <>
      <AuthCard width={460}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            create.mutate(
              {
                ...values,
                studentEmail: values.hasEmail ? values.studentEmail : null,
                privacyNoticeVersion: notice.data?.version,
              },
              {
                onError: (e) => {
                  if (!applyServerErrors(form, e)) toastError(SIGN_UP_FAILED.message, errorMessage(e));
                },
              },
            ),
          )}
        >
          <Stack gap="sm">
            <Title order={1} size="h2">
              Criar Conta de Aluno
            </Title>
            <Text c="dimmed" size="sm">
              Receberá um código de estudante e uma senha para entrar na Área do Aluno.
            </Text>
            <TextInput label="Nome completo" autoComplete="name" required {...form.getInputProps("studentName")} />
            <TextInput
              label="Telefone"
              description={ANGOLAN_MOBILE_HINT}
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX}
              required
              {...phoneProps}
              onBlur={(e) => {
                phoneProps.onBlur?.(e);
                // Kept as typed; only a valid number is reshown the way it is read (923 456 789).
                const parsed = parseAngolanMobile(e.currentTarget.value);
                if ("phone" in parsed) form.setFieldValue("studentPhone", formatAngolanMobile(parsed.phone));
              }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="tem-email">
                Tem email?
              </Text>
              <SegmentedControl
                aria-labelledby="tem-email"
                data={[
                  { value: "nao", label: "Não" },
                  { value: "sim", label: "Sim" },
                ]}
                value={form.values.hasEmail ? "sim" : "nao"}
                onChange={(v) => form.setFieldValue("hasEmail", v === "sim")}
              />
            </Stack>
            {form.values.hasEmail && (
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps("studentEmail")}
              />
            )}
            <PrivacyShortNotice notice={notice.data} />
            <Button type="submit" loading={create.isPending} fullWidth mt="xs">
              Criar conta
            </Button>
            <Text size="sm" ta="center">
              Já tem conta?{" "}
              <Anchor component={Link} to="/login-aluno">
                Entrar
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
      <Modal
        opened={Boolean(created)}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title="Conta criada com sucesso!"
      >
        {created && (
          <Stack gap="md">
            <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title="Anote estes dados agora">
              O código e a senha só são mostrados esta vez. Guarde-os num lugar seguro.
            </Alert>
            <CopyableValue label="Código de estudante" value={created.studentCode} copied="Código copiado!" />
            <CopyableValue label="Senha" value={created.studentPassword} copied="Senha copiada!" />
            <Button
              fullWidth
              onClick={() =>
                navigate(course ? `/login-aluno?curso=${course}` : "/login-aluno", {
                  state: { code: created.studentCode },
                })
              }
            >
              Já anotei — ir para o login
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
