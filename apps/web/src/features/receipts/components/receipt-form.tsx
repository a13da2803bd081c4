import { todayInLuanda } from "@app/shared/dates";
import { RECEIPT_MIME_TYPES } from "@app/shared/limits";
import { RECEIPT_MESSAGES } from "@app/shared/receipt-messages";
import { Alert, Button, Paper, Progress, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DateInput } from "../../../components/date-input";
import { DocumentField } from "../../../components/document-field";
import { MoneyInput } from "../../../components/money-input";
import { ApiError } from "../../../lib/api-error";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { lazySchema } from "../../../lib/lazy-schema";
import type { Prepared } from "../../../lib/prepare-document";
import { toastError, toastSuccess } from "../../../lib/toast";
import { type OwnEnrollment, ownEnrollmentsQuery } from "../../enrollments/api/enrollments";
import { ownReceiptsQuery, submitOwnReceipt } from "../api/own-receipts";
import { divergenceWarning } from "../logic/receipt-form";
import { PaymentDetails } from "./payment-details";
import { useReceiptFile } from "./use-receipt-file";

export const RECEIPT_SENT = "Comprovante enviado com sucesso! Aguarde a validação da equipe financeira.";
export const RECEIPT_SEND_ERROR = "Erro ao enviar comprovante";
export const PAID_AMOUNT_HINT = "Digite o valor exato que você pagou";

const schemas = lazySchema(() => import("@app/shared/schemas/receipts"));
const validate = schemas.validate((m) => m.submitReceiptSchema);

/**
 * 'Enviar comprovante' (SPEC §2 'Student payment screen', §5 'Student receipt'; decision 043): the
 * course (a selector only when several enrolments can be paid), what to pay and where, the amount
 * paid (a differing amount warns, never blocks), the date (not after today in Luanda) and the file
 * (JPEG, PNG or PDF up to 5 MB; photos compressed here, the upload's progress shown).
 */
export function ReceiptForm({
  eligible,
  prepare,
  send = submitOwnReceipt,
}: {
  eligible: readonly OwnEnrollment[];
  /** Injectable for tests; the browser's compression by default. */
  prepare?: (file: File) => Promise<Prepared>;
  /** Injectable for tests; the upload to the server by default. */
  send?: typeof submitOwnReceipt;
}) {
  const client = useQueryClient();
  const file = useReceiptFile(prepare);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm({
    initialValues: { enrollmentId: eligible[0]?.id ?? "", paidAmount: "", paymentDate: "" },
    validate,
  });
  // The enrolment chosen may have left the list (its receipt sent from another tab): fall back to the first.
  const chosen = eligible.find((e) => e.id === form.values.enrollmentId) ?? eligible[0];
  if (!chosen) return null;
  const warning = divergenceWarning(form.values.paidAmount, chosen.balance, chosen.amountPaid > 0);
  const sending = progress !== null;

  /** The file is checked beside the fields, so every missing piece is named at once. */
  const fileReady = () => {
    if (!file.state.file && !file.state.error) file.setError(RECEIPT_MESSAGES.file);
    return file.state.file;
  };

  const submit = form.onSubmit(async (values) => {
    const ready = fileReady();
    if (sending || file.state.preparing || !ready) return;
    setProgress(0);
    try {
      const sent = await send({ ...values, enrollmentId: chosen.id }, ready, (p) => setProgress(Math.min(p, 99)));
      client.setQueryData(ownReceiptsQuery.queryKey, (list) => [sent, ...(list ?? [])]);
      void client.invalidateQueries(ownReceiptsQuery);
      void client.invalidateQueries(ownEnrollmentsQuery);
      form.reset();
      file.reset();
      toastSuccess(RECEIPT_SENT, undefined, 6000);
    } catch (e) {
      if (e instanceof ApiError) {
        const fileIssue = e.issues.find((i) => i.path === "file");
        if (fileIssue) file.setError(fileIssue.message);
        else if ((e.status === 413 || e.status === 415) && e.message) file.setError(e.message);
        applyServerErrors(form, e);
        // Already sent (another tab) or no longer payable: show what is true now.
        if (e.status === 409 || e.status === 404) {
          void client.invalidateQueries(ownReceiptsQuery);
          void client.invalidateQueries(ownEnrollmentsQuery);
        }
      }
      toastError(`${RECEIPT_SEND_ERROR}: ${errorMessage(e)}`);
    } finally {
      setProgress(null);
    }
  }, fileReady);

  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="receipt-form-title">
      <form noValidate onFocus={schemas.load} onSubmit={schemas.submitted(submit)}>
        <Stack gap="md">
          <Title order={2} size="h4" id="receipt-form-title">
            Enviar comprovante
          </Title>
          {eligible.length > 1 && (
            <Select
              label="Curso"
              withAsterisk
              data={eligible.map((e) => ({ value: e.id, label: e.courseName }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("enrollmentId")}
              value={chosen.id}
            />
          )}
          <PaymentDetails enrollment={chosen} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <MoneyInput
              label="Valor pago (kz)"
              withAsterisk
              description={PAID_AMOUNT_HINT}
              {...form.getInputProps("paidAmount")}
            />
            <DateInput
              label="Data do pagamento"
              withAsterisk
              max={todayInLuanda()}
              {...form.getInputProps("paymentDate")}
            />
          </SimpleGrid>
          {warning && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
              <Text size="sm" c="dark.8">
                {warning}
              </Text>
            </Alert>
          )}
          <DocumentField
            label="Comprovante de pagamento"
            state={file.state}
            onPick={file.pick}
            accept={RECEIPT_MIME_TYPES}
            formats="JPEG, PNG ou PDF"
          />
          {sending && (
            <Stack gap={4}>
              <Text size="sm">Enviando... {progress}%</Text>
              <Progress value={progress} aria-label="Progresso do envio do comprovante" animated />
            </Stack>
          )}
          <Button type="submit" disabled={sending || file.state.preparing}>
            {sending ? "Enviando..." : file.state.preparing ? "Preparando os arquivos…" : "Enviar Comprovante"}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
