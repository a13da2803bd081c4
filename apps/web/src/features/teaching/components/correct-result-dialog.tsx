import { formatCertificateNumber } from "@app/shared/certificate-number";
import { enrollmentStatusLabel } from "@app/shared/enums";
import { formatGrade, parseGrade } from "@app/shared/grades";
import { type CorrectResultInput, correctResultSchema, type IssuingNotices } from "@app/shared/schemas/certificates";
import { belowPassMarkQuestion, isBelowPassMark } from "@app/shared/schemas/pass-mark";
import { Group, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useRef } from "react";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { applyServerErrors } from "../../../lib/form-errors";
import type { ClassStudent } from "../api/teaching";
import { LoopbackWarning, PassMarkQuestion } from "./issuing-notices";

/**
 * 'Corrigir resultado' (admin, secretaria; decision 027): another outcome and grade for a recorded result
 * with no certificate in force, and the reason History keeps. 'Concluído' issues a new certificate at once:
 * under the pass mark the dialog asks 'Emitir o certificado mesmo assim?' and its button says so, and
 * while BASE_URL is a loopback address it warns. A double click sends once. Mounted afresh for each opening.
 */
export function CorrectResultDialog({
  student,
  issuing,
  opened,
  onClose,
  pending,
  onSubmit,
}: {
  student: ClassStudent | null;
  issuing: IssuingNotices;
  opened: boolean;
  onClose: () => void;
  pending: boolean;
  onSubmit: (input: CorrectResultInput) => Promise<unknown>;
}) {
  const sending = useRef(false);
  const form = useForm<{ outcome: CorrectResultInput["outcome"]; finalGrade: string; reason: string }>({
    initialValues: {
      outcome: student?.status === "not_completed" ? "not_completed" : "completed",
      finalGrade: student?.finalGrade === null || !student ? "" : formatGrade(student.finalGrade),
      reason: "",
    },
    validate: schemaResolver(correctResultSchema, { sync: true }),
  });
  const { outcome, finalGrade } = form.getValues();
  const grade = parseGrade(finalGrade);
  const issues = outcome === "completed";
  const question =
    issues && grade.ok && grade.value !== null && isBelowPassMark(grade.value, issuing.passMark)
      ? belowPassMarkQuestion(grade.value, issuing.passMark)
      : null;

  const submit = form.onSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    const input = correctResultSchema.parse(values);
    onSubmit(input)
      .catch((e: unknown) => applyServerErrors(form, e))
      .finally(() => {
        sending.current = false;
      });
  });

  const recorded = student
    ? `${enrollmentStatusLabel(student.status)}${student.finalGrade === null ? "" : `, nota ${formatGrade(student.finalGrade)}`}`
    : "";
  return (
    <Modal opened={opened} onClose={onClose} title="Corrigir resultado" centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text>
            {student?.studentName}: resultado registrado «{recorded}»
            {student?.certificate?.revokedAt
              ? ` (certificado n.º ${formatCertificateNumber(student.certificate.number)} revogado)`
              : ""}
            .
          </Text>
          <Radio.Group label="Resultado" withAsterisk {...form.getInputProps("outcome")}>
            <Group gap="lg" mt={6}>
              <Radio value="completed" label={enrollmentStatusLabel("completed")} />
              <Radio value="not_completed" label={enrollmentStatusLabel("not_completed")} />
            </Group>
          </Radio.Group>
          <TextInput
            label="Nota final (0–20)"
            description="Vazio: sem nota"
            placeholder="ex.: 14,5"
            inputMode="decimal"
            w={{ base: "100%", xs: 200 }}
            {...form.getInputProps("finalGrade")}
          />
          <Textarea
            label="Motivo da correção"
            description="Fica no histórico da inscrição."
            withAsterisk
            rows={3}
            {...form.getInputProps("reason")}
          />
          {issues && <Text size="sm">Um novo certificado, com um novo número, é emitido de imediato.</Text>}
          <PassMarkQuestion question={question} />
          {issues && <LoopbackWarning baseUrl={issuing.loopbackBaseUrl} />}
          <DialogActions
            submitLabel={question ? "Emitir mesmo assim" : "Corrigir resultado"}
            pending={pending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
