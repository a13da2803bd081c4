import { credentialsMessage, whatsappLink } from "@app/shared/reference-message";
import { Button, CopyButton, Group, Stack, Text } from "@mantine/core";
import { IconBrandWhatsapp, IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { CopyableValue } from "../../../components/copyable-value";
import { Modal } from "../../../components/modal";
import { toastSuccess } from "../../../lib/toast";
import { type PasswordSmsTarget, SendPasswordSmsButton } from "./send-password-sms-button";

export interface NewCredentials {
  studentName: string;
  studentPhone: string;
  studentCode: string;
  /** Null after a change of code only. */
  studentPassword: string | null;
  instituteName: string;
}

/** What the dialog shows: the outcome ('Senha resetada com sucesso!') and whose credentials they are. */
export interface ShownCredentials {
  title: string;
  credentials: NewCredentials;
  /** A staff reset's password can also go by SMS, only on 'Enviar por SMS' (decision 094). */
  sms?: PasswordSmsTarget;
}

/**
 * The credentials dialog's state, one per page (decision 051): showing new credentials replaces the
 * ones shown before, so two students' passwords can never be on screen together. The last ones stay
 * mounted while the dialog fades out.
 */
export function useNewCredentialsDialog() {
  const [state, setState] = useState<{ opened: boolean; shown: ShownCredentials | null }>({
    opened: false,
    shown: null,
  });
  return {
    ...state,
    show: (shown: ShownCredentials) => setState({ opened: true, shown }),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}

/**
 * New credentials, shown once (decision 051): in a dialog the staff member closes, not a toast that
 * goes away, naming the student; the code and the password with copy buttons, and the ready message for
 * the student — copied, or opened in WhatsApp (wa.me, the student's number). A click beside the dialog
 * does not close it: the password cannot be shown again.
 */
export function NewCredentialsDialog({
  opened,
  shown,
  onClose,
}: {
  opened: boolean;
  shown: ShownCredentials | null;
  onClose: () => void;
}) {
  return (
    // One way to close it, at the end, after the copy buttons ('Fechar'; Escape too): no corner ×.
    <Modal
      opened={opened}
      onClose={onClose}
      title={shown?.title}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
    >
      {shown && <CredentialsNotice credentials={shown.credentials} sms={shown.sms} onClose={onClose} />}
    </Modal>
  );
}

function CredentialsNotice({
  credentials,
  sms,
  onClose,
}: {
  credentials: NewCredentials;
  sms?: PasswordSmsTarget;
  onClose: () => void;
}) {
  const message = credentialsMessage({
    ...credentials,
    loginUrl: `${window.location.origin}/login-aluno`,
  });
  return (
    <Stack gap="sm">
      <Text>
        Novas credenciais de <b>{credentials.studentName}</b>
      </Text>
      <CopyableValue label="Código de estudante" value={credentials.studentCode} copied="Código copiado!" size="md" />
      {credentials.studentPassword && (
        <>
          <CopyableValue label="Nova senha" value={credentials.studentPassword} copied="Senha copiada!" size="md" />
          <Text size="sm" c="dimmed">
            A senha não volta a ser mostrada: copie-a ou envie-a ao aluno antes de fechar.
          </Text>
        </>
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
          // teal.9 as a hex: white on it is 4.9:1, and Mantine darkens a hex on hover, while "teal.9"
          // hovers to teal.8 (3.9:1, under AA) — the dialog opens with the pointer right there.
          color="#087f5b"
          leftSection={<IconBrandWhatsapp size={14} aria-hidden />}
        >
          Enviar por WhatsApp
        </Button>
        {sms && <SendPasswordSmsButton key={sms.resetKey} target={sms} />}
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose}>Fechar</Button>
      </Group>
    </Stack>
  );
}
