import { APPROVED_CODE_UNSENT } from "@app/shared/enums";
import { REFERENCE_CODE_TAKEN } from "@app/shared/messages";
import { formatKz } from "@app/shared/money";
import { approveEnrollmentSchema, REFERENCE_DEFAULT_DAYS } from "@app/shared/schemas/enrollment-review";
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { WholeNumberInput } from "../../../components/whole-number-input";
import { ApiError } from "../../../lib/api-error";
import { feedback } from "../../../lib/mutation-feedback";
import {
  type AdminEnrollmentRow,
  type ApprovedEnrollment,
  useAdminEnrollmentRow,
  useApproveEnrollment,
  useProposeAnotherCode,
  useReferenceCodeProposal,
} from "../api/admin-enrollments";
import { WhatsappButton } from "./whatsapp-button";

export const APPROVED_TOAST = "Inscrição aprovada! Não esqueça de enviar o código de referência via WhatsApp.";

/**
 * What became of the e-mail, as it is (decision 084): queued, not sent yet (decision 056), or none at all.
 * The status says 'Código Enviado' only once the e-mail went out or the WhatsApp message was opened.
 */
function emailNote(result: ApprovedEnrollment): string {
  const { studentEmail } = result.enrollment;
  if (result.referenceEmail === "no_email" || !studentEmail)
    return "O aluno não indicou e-mail: não recebe nenhum e-mail. Envie o código por WhatsApp.";
  return `O e-mail com o código e os dados bancários para ${studentEmail} está na fila de envio: normalmente sai em instantes; se o servidor de e-mail falhar, o portal tenta de novo durante algumas horas.`;
}
const STATUS_NOTE = `O estado fica «${APPROVED_CODE_UNSENT}» até o e-mail sair ou até abrir o WhatsApp com o código.`;

/** The Multicaixa field's promise, true for a student with and without e-mail. */
const multicaixaNote = (studentEmail: string | null) =>
  studentEmail
    ? "A referência Multicaixa é criada logo após a aprovação: aparece na Área do Aluno e na mensagem de WhatsApp, e vai também por e-mail."
    : "A referência Multicaixa é criada logo após a aprovação: aparece na Área do Aluno e na mensagem de WhatsApp (o aluno não tem e-mail).";

/** What the code field says when the server refused its code as used meanwhile, and holds a new proposal. */
export const takenCodeReplaced = (taken: string) =>
  `O código ${taken} já está em uso noutra inscrição. Foi proposto outro código: confira-o e aprove de novo.`;

/**
 * 'Aprovar inscrição' (SPEC §5 'Approval'): both checklist boxes, the reference code (a proposed,
 * unused one that staff may replace) and optional notes. Then the reminder and 'Enviar por WhatsApp'.
 * Mounted afresh at each opening (`useRowDialog`): the form starts from the proposal this opening asked for.
 */
export function ApproveEnrollmentDialog({
  opened,
  enrollmentId,
  onClose,
}: {
  opened: boolean;
  enrollmentId: string | null;
  onClose: () => void;
}) {
  const row = useAdminEnrollmentRow(enrollmentId);
  const { pending, proposal } = useReferenceCodeProposal(opened);
  const [approved, setApproved] = useState<ApprovedEnrollment | null>(null);

  return (
    <Modal opened={opened} onClose={onClose} title="Aprovar inscrição" size="lg" centered>
      {approved ? (
        <Approved result={approved} onClose={onClose} />
      ) : !row || pending ? (
        <Loader size="sm" aria-label="Carregando..." />
      ) : (
        <ApproveForm
          row={row}
          proposedCode={proposal?.referenceCode ?? ""}
          multicaixa={proposal?.multicaixa ?? false}
          onApproved={setApproved}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

const validate = schemaResolver(approveEnrollmentSchema, { sync: true });

function ApproveForm({
  row,
  proposedCode,
  multicaixa,
  onApproved,
  onClose,
}: {
  row: AdminEnrollmentRow;
  proposedCode: string;
  /** Multicaixa references on: how long the reference is valid (default 7 days, decision 075). */
  multicaixa: boolean;
  onApproved: (result: ApprovedEnrollment) => void;
  onClose: () => void;
}) {
  const approve = useApproveEnrollment();
  const proposeAnother = useProposeAnotherCode();
  const form = useForm({
    initialValues: {
      referenceCode: proposedCode,
      notes: "",
      documentsChecked: false,
      personalDataChecked: false,
      referenceValidDays: multicaixa ? String(REFERENCE_DEFAULT_DAYS) : undefined,
    },
    validate,
    // Runs only once the values passed validation: what is sent is what the schema read.
    transformValues: (values) => approveEnrollmentSchema.parse(values),
  });
  const ready = form.values.documentsChecked && form.values.personalDataChecked;

  // The server decides which codes are free: a code another approval took meanwhile (another member of
  // staff, another tab) is replaced by a new proposal, so the next click can succeed.
  const offerAnotherCode = async (taken: string) => {
    const { referenceCode } = await proposeAnother();
    form.setFieldValue("referenceCode", referenceCode);
    form.setFieldError("referenceCode", takenCodeReplaced(taken));
  };

  const submit = form.onSubmit((values) => {
    if (approve.isPending) return;
    approve.mutate(
      { id: row.id, input: values },
      // A code already used (409 reference_code_taken) and invalid fields come with their field issues.
      feedback({
        success: APPROVED_TOAST,
        failure: "Erro ao aprovar inscrição",
        form,
        done: onApproved,
        failed: (error) => {
          // Without a new proposal (no connection), the server's message stays on the field.
          if (error instanceof ApiError && error.code === REFERENCE_CODE_TAKEN.code)
            offerAnotherCode(values.referenceCode).catch(() => {});
        },
      }),
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>
          <b>{row.studentName}</b> — {row.courseName} ({formatKz(row.coursePrice)})
        </Text>
        <Stack gap="xs" role="group" aria-label="Verificação">
          <Checkbox
            label="Documentação completa e válida"
            {...form.getInputProps("documentsChecked", { type: "checkbox" })}
          />
          <Checkbox
            label="Dados pessoais conferidos"
            {...form.getInputProps("personalDataChecked", { type: "checkbox" })}
          />
        </Stack>
        <TextInput
          label="Código de referência"
          description="Proposto pelo sistema, sem 0/O nem 1/I/L; pode substituí-lo"
          withAsterisk
          autoComplete="off"
          maxLength={20}
          styles={{ input: { fontFamily: "monospace", letterSpacing: 1 } }}
          {...form.getInputProps("referenceCode")}
        />
        {multicaixa && (
          <WholeNumberInput
            label="Validade da referência Multicaixa (dias)"
            description={multicaixaNote(row.studentEmail)}
            {...form.getInputProps("referenceValidDays")}
          />
        )}
        <Textarea label="Observações (opcional)" autosize minRows={2} {...form.getInputProps("notes")} />
        <DialogActions
          submitLabel="Aprovar inscrição"
          pending={approve.isPending}
          onCancel={onClose}
          disabled={!ready}
        />
      </Stack>
    </form>
  );
}

function Approved({ result, onClose }: { result: ApprovedEnrollment; onClose: () => void }) {
  const { enrollment } = result;
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />}>
        <Text fw={700} size="sm">
          Inscrição aprovada
        </Text>
        <Text size="sm">
          Código de referência de {enrollment.studentName}: <b>{enrollment.paymentReferenceCode}</b>
        </Text>
        <Text size="sm">{emailNote(result)}</Text>
        <Text size="sm">{STATUS_NOTE}</Text>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Concluir
        </Button>
        <WhatsappButton enrollment={enrollment} />
      </Group>
    </Stack>
  );
}
