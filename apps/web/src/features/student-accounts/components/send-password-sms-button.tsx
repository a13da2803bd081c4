import { Button, Text } from "@mantine/core";
import { IconMessage } from "@tabler/icons-react";
import { useRef } from "react";
import { feedback } from "../../../lib/mutation-feedback";
import { useSendPasswordBySms } from "../api/admin-student-accounts";

/** Which reset's password the button sends: the account and the reset's own Idempotency-Key. */
export interface PasswordSmsTarget {
  accountId: string;
  resetKey: string;
}

/**
 * 'Enviar por SMS' beside a reset password (decision 094): the SMS goes only when staff press it. A double
 * click sends one request, and the server sends one SMS per reset however often it is asked; once sent,
 * the button says where. A refusal (SMS off, no Angolan mobile, 'Receber SMS' off) says what to do instead.
 */
export function SendPasswordSmsButton({ target }: { target: PasswordSmsTarget }) {
  const send = useSendPasswordBySms();
  const sending = useRef(false);
  if (send.isSuccess)
    return (
      <Text size="sm" role="status">
        SMS com a nova senha enviado para {send.data.to}.
      </Text>
    );
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconMessage size={14} aria-hidden />}
      loading={send.isPending}
      onClick={() => {
        if (sending.current) return;
        sending.current = true;
        send.mutate(
          { id: target.accountId, resetKey: target.resetKey },
          {
            ...feedback({ failure: "Erro ao enviar por SMS" }),
            onSettled: () => {
              sending.current = false;
            },
          },
        );
      }}
    >
      Enviar por SMS
    </Button>
  );
}
