import { credentialsMessage, whatsappLink } from "@app/shared/reference-message";
import { Button, CopyButton, Group, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBrandWhatsapp, IconCopy } from "@tabler/icons-react";
import { CopyableValue } from "../../../components/copyable-value";
import { toastSuccess } from "../../../lib/toast";

export interface NewCredentials {
  studentName: string;
  studentPhone: string;
  studentCode: string;
  /** Null after a change of code only. */
  studentPassword: string | null;
  instituteName: string;
}

/** SPEC §9: the reset-password toast with the new password stays 10 seconds. */
export const CREDENTIALS_TOAST_MS = 10_000;

/**
 * The new credentials, shown once: the code and the password, each with a copy button, and the
 * ready message for the student — copied, or opened in WhatsApp (wa.me, the student's number).
 */
export function CredentialsNotice({ credentials }: { credentials: NewCredentials }) {
  const message = credentialsMessage({
    ...credentials,
    loginUrl: `${window.location.origin}/login-aluno`,
  });
  return (
    <Stack gap="xs" mt={4}>
      <CopyableValue label="Código de estudante" value={credentials.studentCode} copied="Código copiado!" size="md" />
      {credentials.studentPassword && (
        <CopyableValue label="Nova senha" value={credentials.studentPassword} copied="Senha copiada!" size="md" />
      )}
      <Group gap="xs">
        <CopyButton value={message}>
          {({ copy }) => (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() => {
                copy();
                toastSuccess("Mensagem copiada!");
              }}
            >
              Copiar mensagem
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          component="a"
          href={whatsappLink(credentials.studentPhone, message)}
          target="_blank"
          rel="noopener noreferrer"
          color="teal.9" // white on teal.9 is 4.9:1
          leftSection={<IconBrandWhatsapp size={14} aria-hidden />}
        >
          Enviar por WhatsApp
        </Button>
      </Group>
    </Stack>
  );
}

/** The success toast after a reset or an edit, carrying the new credentials. */
export function showCredentialsToast(title: string, credentials: NewCredentials, autoClose = CREDENTIALS_TOAST_MS) {
  notifications.show({
    color: "green",
    title,
    message: <CredentialsNotice credentials={credentials} />,
    autoClose,
  });
}
