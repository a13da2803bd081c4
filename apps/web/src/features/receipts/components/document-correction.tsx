import { ENROLLMENT_DOCUMENTS } from "@app/shared/enrollment-documents";
import type { EnrollmentDocumentKind } from "@app/shared/enrollment-review";
import { Alert, Button, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconFileAlert } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DocumentField } from "../../../components/document-field";
import { useEnrollmentDocuments } from "../../../components/use-enrollment-documents";
import { ApiError } from "../../../lib/api-error";
import { errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { type OwnEnrollment, ownEnrollmentsQuery, replaceOwnDocument } from "../../enrollments/api/enrollments";

export const DOCUMENT_SENT = "Documento enviado com sucesso!";
export const CORRECTION_DONE = "Documentos corrigidos! A sua inscrição voltou para análise.";
export const DOCUMENT_SEND_FAILED = "Erro ao enviar documento";

const fieldOf = (kind: EnrollmentDocumentKind) => ENROLLMENT_DOCUMENTS.find((d) => d.kind === kind)!.field;

/**
 * 'Correção pedida' (decision 018): each document staff refused, why, and a file field to replace
 * only that one — with the enrolment form's checks and compression and the upload's progress. After
 * the last one the enrolment is back under review ('Aguarde Aprovação').
 */
export function DocumentCorrection({ enrollment }: { enrollment: OwnEnrollment }) {
  const client = useQueryClient();
  const uploads = useEnrollmentDocuments();
  const [sending, setSending] = useState<{ document: EnrollmentDocumentKind; progress: number } | null>(null);

  const send = (document: EnrollmentDocumentKind) =>
    uploads.submitWhenReady(async (ready) => {
      const field = fieldOf(document);
      const file = ready[field].file;
      if (!file) return;
      setSending({ document, progress: 0 });
      try {
        const updated = await replaceOwnDocument(enrollment.id, document, file, (p) =>
          setSending({ document, progress: Math.min(p, 99) }),
        );
        client.setQueryData(ownEnrollmentsQuery.queryKey, (list) =>
          list?.map((e) => (e.id === updated.id ? updated : e)),
        );
        toastSuccess(updated.status === "correction_requested" ? DOCUMENT_SENT : CORRECTION_DONE);
      } catch (e) {
        if (e instanceof ApiError) {
          uploads.showServerErrors(e.issues.map((i) => (i.path === "file" ? { ...i, path: field } : i)));
          // The request was closed meanwhile (staff rejected, or another tab sent it): show what is true now.
          if (e.status === 409 || e.status === 404) void client.invalidateQueries(ownEnrollmentsQuery);
        }
        toastError(DOCUMENT_SEND_FAILED, errorMessage(e));
      } finally {
        setSending(null);
      }
    });

  return (
    <Stack gap="sm">
      <Alert color="orange" icon={<IconFileAlert size={20} />} title="Correção pedida">
        A secretaria pediu que substitua {enrollment.documentRequests.length === 1 ? "o documento" : "os documentos"}{" "}
        abaixo. Envie um novo arquivo para cada um; depois do último, a inscrição volta para análise.
      </Alert>
      {enrollment.documentRequests.map((request) => {
        const field = fieldOf(request.document);
        const state = uploads.documents[field];
        const busy = sending?.document === request.document;
        return (
          <Paper key={request.id} withBorder p="sm" component="section" aria-label={request.documentLabel}>
            <Stack gap="xs">
              <Text fw={600}>{request.documentLabel}</Text>
              <Text size="sm">
                <Text span fw={600}>
                  Motivo:
                </Text>{" "}
                {request.reasonLabel}
              </Text>
              {request.note && (
                <Text size="sm" c="dimmed">
                  {request.note}
                </Text>
              )}
              <DocumentField
                label={`Novo arquivo: ${request.documentLabel}`}
                state={state}
                onPick={(file) => uploads.pick(field, file)}
              />
              {busy && (
                <Stack gap={4}>
                  <Text size="sm">Enviando... {sending.progress}%</Text>
                  <Progress
                    value={sending.progress}
                    aria-label={`Progresso do envio: ${request.documentLabel}`}
                    animated
                  />
                </Stack>
              )}
              <Button
                // Long document names wrap on a phone instead of being cut.
                h="auto"
                py={8}
                styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
                onClick={() => void send(request.document)}
                loading={busy || state.preparing}
                disabled={!state.file || (sending !== null && !busy)}
              >
                Enviar {request.documentLabel}
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
