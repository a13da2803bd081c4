import { whatsappShareUrl } from "@app/shared/course-page";
import { Button, Group, Text } from "@mantine/core";
import { useEffect, useState } from "react";

interface Props {
  course: { name: string; price: number };
  pageUrl: string;
}

/**
 * 'Compartilhar' (decision 093; the 'Partilhar' in the SPEC's variety, decision 089): the phone's
 * own share sheet where the browser has one; else a WhatsApp link with the course's name, price and
 * address, and 'Copiar link'. The HTML the server sends has the WhatsApp link, so it works before (or
 * without) the JavaScript.
 */
export function ShareCourse({ course, pageUrl }: Props) {
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState<"" | "ok" | "failed">("");
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  if (canShare) {
    const share = () =>
      navigator.share({ title: course.name, text: `${course.name}`, url: pageUrl }).catch(() => {
        // Closed without sharing: nothing to tell.
      });
    return (
      <Button variant="default" onClick={share}>
        Compartilhar
      </Button>
    );
  }

  const copy = () =>
    navigator.clipboard.writeText(pageUrl).then(
      () => setCopied("ok"),
      () => setCopied("failed"),
    );
  return (
    <Group gap="xs" role="group" aria-label="Compartilhar">
      <Button
        component="a"
        href={whatsappShareUrl(course, pageUrl)}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
      >
        Enviar por WhatsApp
      </Button>
      <Button variant="default" onClick={copy}>
        Copiar link
      </Button>
      <Text size="sm" role="status" c={copied === "failed" ? "red.9" : undefined}>
        {copied === "ok" && "Link copiado."}
        {copied === "failed" && `Não foi possível copiar. O link é ${pageUrl}`}
      </Text>
    </Group>
  );
}
