import { formatDateTime } from "@app/shared/dates";
import {
  DOCUMENT_REFUSAL_REASON_LABELS,
  DOCUMENT_REFUSAL_REASONS,
  type DocumentRefusalReason,
  type EnrollmentDocumentKind,
} from "@app/shared/enrollment-review";
import { type RequestCorrectionInput, requestCorrectionSchema } from "@app/shared/schemas/enrollment-review";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { IconFileOff, IconFileTypePdf, IconPhotoOff } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { fileUrl } from "../../../lib/file-url";
import { feedback } from "../../../lib/mutation-feedback";
import { type AdminEnrollmentDetail, documentAvailableQuery, useRequestCorrection } from "../api/admin-enrollments";

export const NOT_ATTACHED = "Não anexado";
export const NOT_AVAILABLE = "Documento não disponível";
export const CORRECTION_SENT = "Pedido de correção enviado ao aluno";

type Document = AdminEnrollmentDetail["documents"][number];
type Mark = { reason: DocumentRefusalReason | null; note: string };
const reasonOptions = DOCUMENT_REFUSAL_REASONS.map((r) => ({ value: r, label: DOCUMENT_REFUSAL_REASON_LABELS[r] }));

/**
 * The Documentos tab: the three documents (an image inline, a PDF as a link), the open correction
 * requests, and, while the enrolment is pre_inscrito, marking documents as refused with a reason
 * and one 'Pedir correção' for all the marked ones.
 */
export function EnrollmentDocuments({
  enrollment,
  canRequestCorrection,
}: {
  enrollment: AdminEnrollmentDetail;
  canRequestCorrection: boolean;
}) {
  const [marks, setMarks] = useState<Partial<Record<EnrollmentDocumentKind, Mark>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useRequestCorrection();
  const open = enrollment.documentRequests.filter((r) => r.resolvedAt === null);
  const marked = enrollment.documents.filter((d) => marks[d.document]);

  const setMark = (kind: EnrollmentDocumentKind, mark: Mark | undefined) =>
    setMarks((m) => {
      const next = { ...m };
      if (mark) next[kind] = mark;
      else delete next[kind];
      return next;
    });

  const send = () => {
    if (request.isPending) return;
    const input: RequestCorrectionInput = {
      documents: marked.map((d) => ({
        document: d.document,
        reason: marks[d.document]!.reason as DocumentRefusalReason,
        note: marks[d.document]!.note,
      })),
    };
    const parsed = requestCorrectionSchema.safeParse(input);
    if (!parsed.success) {
      // documents.{i}.reason / .note → the field of the i-th marked document.
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        const kind = typeof index === "number" ? marked[index]?.document : undefined;
        found[kind ? `${kind}.${String(field ?? "reason")}` : "form"] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    request.mutate(
      { id: enrollment.id, input: parsed.data },
      feedback({ success: CORRECTION_SENT, failure: "Erro ao pedir correção", done: () => setMarks({}) }),
    );
  };

  return (
    <Stack gap="md">
      {open.length > 0 && (
        <Alert color="orange" variant="light">
          <Text fw={700} size="sm" mb={4}>
            Correção pedida ao aluno
          </Text>
          <List size="sm" spacing={4}>
            {open.map((r) => (
              <List.Item key={r.id}>
                <b>{r.documentLabel}</b>: {r.reasonLabel}
                {r.note && ` — ${r.note}`} ({r.requestedByName ?? "Equipe"}, {formatDateTime(r.requestedAt)})
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {enrollment.documents.map((doc) => {
          const mark = marks[doc.document];
          return (
            <Paper key={doc.document} withBorder p="sm" radius="md" component="section" aria-label={doc.label}>
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {doc.label}
                </Text>
                <DocumentPreview doc={doc} />
                {canRequestCorrection && doc.fileId !== null && (
                  <Checkbox
                    label="Recusar este documento"
                    checked={Boolean(mark)}
                    onChange={(e) =>
                      setMark(doc.document, e.currentTarget.checked ? { reason: null, note: "" } : undefined)
                    }
                  />
                )}
                {mark && (
                  <>
                    <Select
                      label="Motivo"
                      placeholder="Selecione"
                      data={reasonOptions}
                      value={mark.reason}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      error={errors[`${doc.document}.reason`]}
                      onChange={(v) => setMark(doc.document, { ...mark, reason: v as DocumentRefusalReason })}
                    />
                    <Textarea
                      label="Nota para o aluno"
                      autosize
                      minRows={2}
                      value={mark.note}
                      error={errors[`${doc.document}.note`]}
                      onChange={(e) => setMark(doc.document, { ...mark, note: e.currentTarget.value })}
                    />
                  </>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {canRequestCorrection && (
        <Stack gap={4} align="flex-end">
          {errors.form && (
            <Text c="red.8" size="sm">
              {errors.form}
            </Text>
          )}
          <Button disabled={marked.length === 0} loading={request.isPending} onClick={send}>
            Pedir correção
          </Button>
          <Text size="xs" c="dimmed" ta="right">
            Marque os documentos recusados; o aluno substitui só esses na Área do Aluno.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

function DocumentPreview({ doc }: { doc: Document }) {
  if (!doc.fileId) return <Placeholder icon={<IconFileOff aria-hidden />} text={NOT_ATTACHED} />;
  if (doc.contentType === "application/pdf") return <PdfLink fileId={doc.fileId} />;
  return <ImagePreview fileId={doc.fileId} label={doc.label} />;
}

function ImagePreview({ fileId, label }: { fileId: string; label: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <Placeholder icon={<IconPhotoOff aria-hidden />} text={NOT_AVAILABLE} />;
  return (
    <Anchor
      href={fileUrl(fileId, "inscricoes")}
      target="_blank"
      rel="noopener"
      aria-label={`Abrir ${label} em tamanho real`}
    >
      <img
        src={fileUrl(fileId, "inscricoes")}
        alt={label}
        loading="lazy"
        onError={() => setBroken(true)}
        style={{ width: "100%", maxHeight: 220, objectFit: "contain", borderRadius: 4, background: "#f1f3f5" }}
      />
    </Anchor>
  );
}

function PdfLink({ fileId }: { fileId: string }) {
  const available = useQuery(documentAvailableQuery(fileId));
  if (available.data === false) return <Placeholder icon={<IconFileOff aria-hidden />} text={NOT_AVAILABLE} />;
  return (
    <Group gap="xs">
      <IconFileTypePdf size={28} aria-hidden />
      <Anchor href={fileUrl(fileId, "inscricoes")} target="_blank" rel="noopener">
        Abrir PDF
      </Anchor>
    </Group>
  );
}

function Placeholder({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Center bg="gray.1" h={120} style={{ borderRadius: 4 }}>
      <Stack gap={4} align="center">
        {icon}
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
