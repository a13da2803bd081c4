import { STUDENT_CODE_MAX, STUDENT_PASSWORD_LENGTH } from "@app/shared/limits";
import { WRONG_STUDENT_CREDENTIALS } from "@app/shared/messages";
import { studentLoginSchema } from "@app/shared/schemas/student-accounts";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { LoadingScreen } from "../../../components/loading-screen";
import { SessionEndedNotice } from "../../../components/session-ended-notice";
import { ApiError } from "../../../lib/api-error";
import { errorMessage } from "../../../lib/form-errors";
import { studentStart, useSession } from "../../../lib/session";
import { useStudentSignIn } from "../../auth/api/auth";

const upper = (v: string) => v.toUpperCase();

/**
 * /login-aluno: the student signs in with the student code (SPEC §2 'Student login') and goes where they
 * belong: their own password first while it is temporary, then the enrolment form, then the payment area.
 */
export function Component() {
  const { data: session, isPending } = useSession();
  const location = useLocation();
  const carriedCode = (location.state as { code?: string } | null)?.code ?? "";
  const course = useSearchParams()[0].get("curso");
  const signIn = useStudentSignIn();
  const form = useForm({
    initialValues: { code: carriedCode, password: "" },
    validate: schemaResolver(studentLoginSchema, { sync: true }),
    transformValues: (v) => ({ code: upper(v.code.trim()), password: upper(v.password.trim()) }),
  });

  if (isPending) return <LoadingScreen />;
  if (session?.student) return <Navigate to={studentStart(session.student, course)} replace />;

  return (
    <AuthCard width={420}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          // Signed in, the session is cached and the redirect above takes the student on.
          signIn.mutate(values),
        )}
      >
        <Stack gap="sm">
          <Title order={1} size="h2">
            Área do Aluno
          </Title>
          <Text c="dimmed" size="sm">
            Entre com o seu código de estudante e a sua senha
          </Text>
          {/* The refusal belongs to this form: shown here, it goes when the student moves on (not a toast that follows). */}
          {signIn.error ? (
            <Alert color="red" variant="light" role="alert" p="sm">
              {signIn.error instanceof ApiError && signIn.error.code === WRONG_STUDENT_CREDENTIALS.code
                ? signIn.error.message
                : `Erro ao fazer login: ${errorMessage(signIn.error)}`}
            </Alert>
          ) : (
            <SessionEndedNotice />
          )}
          <TextInput
            label="Código de estudante"
            autoComplete="username"
            autoCapitalize="characters"
            maxLength={STUDENT_CODE_MAX}
            required
            {...form.getInputProps("code")}
            onChange={(e) => form.setFieldValue("code", upper(e.currentTarget.value))}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            autoCapitalize="characters"
            maxLength={STUDENT_PASSWORD_LENGTH}
            required
            {...form.getInputProps("password")}
            onChange={(e) => form.setFieldValue("password", upper(e.currentTarget.value))}
          />
          <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
            Entrar
          </Button>
          <Alert variant="light" color="gray" p="sm">
            <Text size="sm">Esqueceu a senha? Entre em contato com a secretaria do instituto para redefini-la.</Text>
          </Alert>
          <Text size="sm" ta="center">
            Ainda não tem conta?{" "}
            <Anchor component={Link} to="/criar-conta-aluno">
              Criar conta de aluno
            </Anchor>
          </Text>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Voltar ao site
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
