import { Button, Group, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { PrivacyNoticeBody } from "../../../components/privacy-notice-text";
import { feedback } from "../../../lib/mutation-feedback";
import { privacyNoticeQuery, useAcceptPrivacyNotice } from "../../privacy/api/privacy";

/**
 * 'Dados de Acesso' for an account that never accepted the notice in force (made before the notice existed,
 * or at the desk; decision 099): the student reads it and accepts it, recorded as at account creation.
 */
export function AcceptNoticeButton() {
  const [open, setOpen] = useState(false);
  const notice = useQuery({ ...privacyNoticeQuery, enabled: open });
  const accept = useAcceptPrivacyNotice();
  return (
    <>
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          Ler e aceitar o aviso
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Aviso de privacidade" size="lg">
        {notice.data && (
          <Stack gap="md">
            <PrivacyNoticeBody notice={notice.data} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button
                loading={accept.isPending}
                onClick={() =>
                  accept.mutate(
                    notice.data.version,
                    feedback({
                      success: "Aviso de privacidade aceito",
                      failure: "Não foi possível registrar a aceitação",
                      done: () => setOpen(false),
                      failed: () => void notice.refetch(),
                    }),
                  )
                }
              >
                Aceitar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
