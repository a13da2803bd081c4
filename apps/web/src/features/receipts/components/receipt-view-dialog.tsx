import { formatDate, formatDateTime } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { formatAngolanMobile } from "@app/shared/phone-format";
import { RECEIPT_DUPLICATE_LABELS } from "@app/shared/receipt-messages";
import { Alert, Anchor, Button, Center, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconCopy, IconExternalLink, IconFileTypePdf, IconPhotoOff } from "@tabler/icons-react";
import { useState } from "react";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import { fileUrl } from "../../../lib/file-url";
import { PHONE_QUERY } from "../../../lib/media";
import type { AdminReceiptRow } from "../api/admin-receipts";
import { divergenceLabel, hasDivergence, receiptStatusLabel } from "../logic/receipt-review";
import { ReceiptStatementBadge, ReceiptStatementNote } from "./receipt-statement";
import { ReceiptStatusBadge } from "./receipt-status-badge";
import classes from "./receipt-view-dialog.module.css";

export const DIVERGENCE_WARNING = "Verifique com o aluno antes de aprovar";

/** 'Ver {aluno}': the student, the amounts, the receipt itself and the warnings (SPEC §2 'Admin receipts'). */
export function ReceiptViewDialog({
  opened,
  receipt: r,
  onClose,
  onApprove,
  onReject,
}: {
  opened: boolean;
  receipt: AdminReceiptRow | undefined;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Detalhes do comprovante"
      size={1000}
      centered
      fullScreen={phone}
      classNames={r?.status === "pending" ? { body: classes.body } : undefined}
    >
      {r && (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={700}>{r.studentName}</Text>
              <Text size="sm" c="dimmed">
                {r.courseName}
              </Text>
            </Stack>
            <Group gap="xs">
              <ReceiptStatusBadge status={r.status} />
              <ReceiptStatementBadge statement={r.statement} />
            </Group>
          </Group>
          <ReceiptStatementNote receipt={r} />
          {r.duplicates.length > 0 && (
            <Alert color="red" variant="light" icon={<IconCopy aria-hidden />} title="Possível comprovante duplicado">
              <List size="sm">
                {r.duplicates.map((d) => (
                  <List.Item key={`${d.kind}-${d.receiptId}`}>
                    {RECEIPT_DUPLICATE_LABELS[d.kind]}: {d.studentName} ({receiptStatusLabel(d.status)})
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {hasDivergence(r.divergence) && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              title={`Divergência de ${divergenceLabel(r.divergence)}`}
            >
              O valor pago ({formatKz(r.paidAmount)}) difere do valor esperado ({formatKz(r.coursePrice)}).{" "}
              {DIVERGENCE_WARNING}
            </Alert>
          )}
          {r.status === "rejected" && r.notes && (
            <Alert color="red" variant="light" title="Motivo da rejeição">
              {r.notes}
            </Alert>
          )}
          {/* Wide screens: the facts beside the receipt, so the image and the buttons fit without scrolling. */}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="sm">
              <Title order={3} size="h5">
                Aluno
              </Title>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <DetailField label="Telefone" value={`+244 ${formatAngolanMobile(r.studentPhone)}`} />
                <DetailField label="Email" value={r.studentEmail ?? "—"} />
              </SimpleGrid>
              <Title order={3} size="h5">
                Pagamento
              </Title>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <DetailField label="Valor pago" value={formatKz(r.paidAmount)} />
                <DetailField label="Valor esperado" value={formatKz(r.coursePrice)} />
                <DetailField label="Divergência" value={divergenceLabel(r.divergence)} />
                <DetailField label="Código de referência" value={r.paymentReferenceCode ?? "—"} />
                <DetailField label="Data do pagamento" value={formatDate(r.paymentDate)} />
                <DetailField label="Enviado em" value={formatDateTime(r.submittedAt)} />
                {r.reviewedAt && (
                  <DetailField
                    label={r.status === "rejected" ? "Rejeitado em" : "Aprovado em"}
                    value={`${formatDateTime(r.reviewedAt)}${r.reviewedByName ? ` por ${r.reviewedByName}` : ""}`}
                  />
                )}
              </SimpleGrid>
            </Stack>
            <Stack gap="sm">
              <Title order={3} size="h5">
                Comprovante
              </Title>
              <ReceiptFile receipt={r} />
            </Stack>
          </SimpleGrid>
          {r.status === "pending" && (
            // Always in reach: the footer stays at the bottom of the dialog while its content scrolls.
            <Group justify="flex-end" className={classes.actions}>
              <Button variant="default" color="red.8" onClick={onReject}>
                Rejeitar
              </Button>
              <Button onClick={onApprove}>Aprovar</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function ReceiptFile({ receipt }: { receipt: AdminReceiptRow }) {
  const [broken, setBroken] = useState(false);
  const url = fileUrl(receipt.fileId, "comprovantes");
  if (receipt.fileType === "pdf")
    return (
      <Group gap="xs">
        <IconFileTypePdf size={28} aria-hidden />
        <Button component="a" href={url} target="_blank" rel="noopener" variant="light">
          Abrir PDF
        </Button>
      </Group>
    );
  if (broken)
    return (
      <Center bg="gray.1" h={120} style={{ borderRadius: 4 }}>
        <Stack gap={4} align="center">
          <IconPhotoOff aria-hidden />
          <Text size="sm" c="dimmed">
            Comprovante não disponível
          </Text>
        </Stack>
      </Center>
    );
  return (
    <Stack gap="xs">
      <Anchor href={url} target="_blank" rel="noopener" aria-label="Abrir o comprovante em tamanho real">
        <img
          src={url}
          alt={`Comprovante de ${receipt.studentName}`}
          onError={() => setBroken(true)}
          className={classes.image}
        />
      </Anchor>
      <Group justify="flex-end">
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          variant="light"
          size="xs"
          leftSection={<IconExternalLink size={14} aria-hidden />}
        >
          Abrir em nova aba
        </Button>
      </Group>
    </Stack>
  );
}
