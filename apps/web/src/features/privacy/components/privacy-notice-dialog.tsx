import { mustAcceptNotice } from "@app/shared/privacy";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Modal } from "../../../components/modal";
import { PrivacyNoticeBody } from "../../../components/privacy-notice-text";
import { errorMessage } from "../../../lib/form-errors";
import { toastError } from "../../../lib/toast";
import { ownPrivacyQuery, privacyNoticeQuery, useAcceptPrivacyNotice } from "../api/privacy";

/**
 * A signed-in student who has not accepted the institute's notice in force is asked once, on their next
 * screen (`mustAcceptNotice`); accepting records the version and when.
 */
export function PrivacyNoticeDialog() {
  const own = useQuery(ownPrivacyQuery);
  const outdated = own.data !== undefined && mustAcceptNotice(own.data);
  const notice = useQuery({ ...privacyNoticeQuery, enabled: outdated });
  const accept = useAcceptPrivacyNotice();
  const opened = outdated && notice.data !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={own.data?.acceptedVersion ? "O aviso de privacidade mudou" : "Aviso de privacidade"}
      size="lg"
    >
      {notice.data && (
        <Stack gap="md">
          <Text size="sm" fw={600}>
            Leia como o instituto trata os seus dados e aceite para continuar.
          </Text>
          <PrivacyNoticeBody notice={notice.data} />
          <Group justify="flex-end">
            <Button
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(notice.data.version, {
                  onError: (error) => {
                    toastError("Não foi possível registrar a aceitação", errorMessage(error));
                    void notice.refetch();
                  },
                })
              }
            >
              Li e aceito
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
