import { privacyShortNotice } from "@app/shared/privacy";
import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Modal } from "./modal";

export interface NoticeContent {
  version: number;
  text: string;
  instituteName: string;
  contactEmail: string;
}

/** The full notice, paragraph by paragraph, with the institute's contact (decision 099). */
export function PrivacyNoticeBody({ notice }: { notice: NoticeContent }) {
  return (
    <Stack gap="sm">
      {notice.text.split(/\n{2,}/).map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one fixed text
        <Text size="sm" key={i} style={{ whiteSpace: "pre-line" }}>
          {paragraph}
        </Text>
      ))}
      <Text size="sm">
        Contato: {notice.instituteName} — <Anchor href={`mailto:${notice.contactEmail}`}>{notice.contactEmail}</Anchor>
      </Text>
      <Text size="xs" c="dimmed">
        Versão {notice.version}
      </Text>
    </Stack>
  );
}

/**
 * The short notice account creation and the enrolment form show (Lei n.º 22/11), with a link to the full
 * text. Sending the form accepts it; the page sends the version it showed.
 */
export function PrivacyShortNotice({ notice }: { notice: NoticeContent | undefined }) {
  const [open, setOpen] = useState(false);
  if (!notice) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {privacyShortNotice(notice.instituteName)} Ao continuar, você aceita o aviso de privacidade.{" "}
        <Button variant="transparent" size="compact-sm" px={0} onClick={() => setOpen(true)}>
          Ler o aviso de privacidade
        </Button>
      </Text>
      <Modal opened={open} onClose={() => setOpen(false)} title="Aviso de privacidade" size="lg">
        <PrivacyNoticeBody notice={notice} />
      </Modal>
    </Stack>
  );
}
