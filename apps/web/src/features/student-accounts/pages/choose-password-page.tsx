import { Alert, Card, Stack, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Navigate, useSearchParams } from "react-router";
import { studentStart, useSession } from "../../../lib/session";
import { ChangePasswordForm } from "../components/change-password-form";

/**
 * /escolher-senha (decision 028): a student whose password is temporary (generated when the account was
 * made, or given by the secretariat) chooses their own before any other screen; the server refuses the
 * other student routes until then. Once it is changed, the student goes on to where they belong. The
 * temporary password is not asked again: the sign-in a moment ago proved it (decision 090).
 */
export function Component() {
  const student = useSession().data?.student;
  const course = useSearchParams()[0].get("curso");
  if (student && !student.mustChangePassword) return <Navigate to={studentStart(student, course)} replace />;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Escolha a sua senha
      </Title>
      <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title="Está usando uma senha temporária">
        A senha com que entrou foi gerada ao criar a conta ou dada pela secretaria. Por segurança, escolha uma senha só
        sua antes de continuar.
      </Alert>
      <Card withBorder padding="lg" component="section" aria-labelledby="alterar-senha">
        <ChangePasswordForm
          temporary
          title={
            <Title order={2} size="h4" id="alterar-senha">
              Alterar senha
            </Title>
          }
        />
      </Card>
    </Stack>
  );
}
