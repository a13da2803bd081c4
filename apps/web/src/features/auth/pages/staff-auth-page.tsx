import { INVALID_EMAIL } from "@app/shared/field-messages";
import { EMAIL_TAKEN, INVALID_DATA, MAIL_FAILED, SIGN_UP_FAILED, WRONG_STAFF_CREDENTIALS } from "@app/shared/messages";
import { forgotPasswordSchema, staffLoginSchema, staffSignUpSchema } from "@app/shared/schemas/auth";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { LoadingScreen } from "../../../components/loading-screen";
import { SessionEndedNotice } from "../../../components/session-ended-notice";
import { ApiError } from "../../../lib/api-error";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { toastError, toastSuccess } from "../../../lib/toast";
import { useForgotPassword, useStaffSignIn, useStaffSignUp } from "../api/auth";
import { SecondStepForm } from "../components/second-step-form";

type Mode = "login" | "code" | "signup" | "recovery";

const TITLES: Record<Exclude<Mode, "code">, { title: string; subtitle: string }> = {
  login: { title: "Acesso da Equipe", subtitle: "Entre com o seu email e senha" },
  signup: {
    title: "Criar Conta da Equipe",
    subtitle: "Depois de criar a conta, aguarde que um administrador lhe atribua um perfil",
  },
  recovery: { title: "Recuperar Senha", subtitle: "Enviaremos um link para redefinir a sua senha" },
};

/**
 * /auth: staff login, sign-up and password recovery (SPEC §2 'Staff access'); after a right password of
 * a user with two-factor sign-in, the code step, which names the account and leads back (decision 086).
 */
export function Component() {
  const [mode, setMode] = useState<Mode>("login");
  const [email, setEmail] = useState("");
  const { data: session, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (session?.staff) return <Navigate to="/admin" replace />;

  return (
    <AuthCard>
      <Stack gap="lg">
        {mode === "code" ? (
          <Stack gap={4}>
            <Title order={1} size="h2">
              Verificação em dois passos
            </Title>
            <Text c="dimmed" size="sm" style={{ overflowWrap: "anywhere" }}>
              Entrando como{" "}
              <Text span fw={600} c="dark" data-testid="signing-in-as">
                {email}
              </Text>
            </Text>
          </Stack>
        ) : (
          <Stack gap={4}>
            <Title order={1} size="h2">
              {TITLES[mode].title}
            </Title>
            <Text c="dimmed" size="sm">
              {TITLES[mode].subtitle}
            </Text>
          </Stack>
        )}
        {mode === "login" && <SessionEndedNotice />}
        {mode === "login" && (
          <LoginForm
            email={email}
            onSecondStep={(signingIn) => {
              setEmail(signingIn);
              setMode("code");
            }}
          />
        )}
        {mode === "code" && <SecondStepForm onRestart={() => setMode("login")} />}
        {mode === "signup" && <SignUpForm />}
        {mode === "recovery" && <RecoveryForm onDone={() => setMode("login")} />}
        <Stack gap={6} align="center">
          {mode === "login" && (
            <>
              <Anchor component="button" type="button" onClick={() => setMode("recovery")} size="sm">
                Esqueci minha senha
              </Anchor>
              <Anchor component="button" type="button" onClick={() => setMode("signup")} size="sm">
                Não tem conta? Criar conta
              </Anchor>
            </>
          )}
          {mode === "code" && (
            <Anchor component="button" type="button" onClick={() => setMode("login")} size="sm">
              Voltar ao email e senha
            </Anchor>
          )}
          {mode === "signup" && (
            <Anchor component="button" type="button" onClick={() => setMode("login")} size="sm">
              Já tem conta? Entrar
            </Anchor>
          )}
          {mode === "recovery" && (
            <Anchor component="button" type="button" onClick={() => setMode("login")} size="sm">
              Voltar ao login
            </Anchor>
          )}
          <Anchor component={Link} to="/" size="sm">
            Voltar ao site
          </Anchor>
        </Stack>
      </Stack>
    </AuthCard>
  );
}

/** The e-mail and password; back from the code step, the e-mail is still there and the password is asked. */
function LoginForm({ email, onSecondStep }: { email: string; onSecondStep: (email: string) => void }) {
  const navigate = useNavigate();
  const signIn = useStaffSignIn();
  const form = useForm({
    initialValues: { email, password: "" },
    validate: schemaResolver(staffLoginSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          signIn.mutate(values, {
            onSuccess: (answer) => {
              if ("secondStep" in answer) onSecondStep(values.email.trim());
              else navigate("/admin");
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === WRONG_STAFF_CREDENTIALS.code) toastError(error.message);
              else if (!applyServerErrors(form, error)) toastError("Erro ao fazer login", errorMessage(error));
            },
          }),
        () => toastError(INVALID_DATA.message),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          required
          autoFocus={email !== ""}
          {...form.getInputProps("password")}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
          Entrar
        </Button>
      </Stack>
    </form>
  );
}

function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useStaffSignUp();
  const form = useForm({
    initialValues: { fullName: "", phone: "", email: "", password: "" },
    validate: schemaResolver(staffSignUpSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          signUp.mutate(values, {
            onSuccess: () => {
              toastSuccess("Conta criada com sucesso!");
              navigate("/admin");
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === EMAIL_TAKEN.code)
                toastError("Email já cadastrado", error.message);
              else if (!applyServerErrors(form, error)) toastError(SIGN_UP_FAILED.message, errorMessage(error));
            },
          }),
        () => toastError(INVALID_DATA.message),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Nome completo" autoComplete="name" required {...form.getInputProps("fullName")} />
        <TextInput label="Telefone (opcional)" type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <PasswordInput label="Senha" autoComplete="new-password" required {...form.getInputProps("password")} />
        <Button type="submit" loading={signUp.isPending} fullWidth mt="xs">
          Criar conta
        </Button>
      </Stack>
    </form>
  );
}

function RecoveryForm({ onDone }: { onDone: () => void }) {
  const forgot = useForgotPassword();
  const form = useForm({
    initialValues: { email: "" },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          forgot.mutate(values, {
            onSuccess: () => {
              toastSuccess("Email enviado!", "Verifique sua caixa de entrada para redefinir sua senha.");
              onDone();
            },
            onError: (error) => {
              if (!applyServerErrors(form, error)) toastError(MAIL_FAILED.message, errorMessage(error));
            },
          }),
        () => toastError(INVALID_EMAIL),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <Group grow>
          <Button type="submit" loading={forgot.isPending}>
            Enviar link de recuperação
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
