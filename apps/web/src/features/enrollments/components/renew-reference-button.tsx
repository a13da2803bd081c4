import { formatDateTime } from "@app/shared/dates";
import { REFERENCE_DEFAULT_DAYS, renewReferenceFormSchema } from "@app/shared/schemas/enrollment-review";
import { Button, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { WholeNumberInput } from "../../../components/whole-number-input";
import { feedback } from "../../../lib/mutation-feedback";
import { useRenewReference } from "../../payment-references/api/payment-references";
import { proposedReferenceCodeQuery } from "../api/admin-enrollments";

const validate = schemaResolver(renewReferenceFormSchema, { sync: true });

/**
 * What becomes of the new reference, as it is (decision 088, as decision 084 for the approval): it shows
 * in the Área do Aluno once the provider made it, and its e-mail is queued then, only for a student with
 * an address; a student without one is sent it by WhatsApp.
 */
export function renewalNote(studentEmail: string | null): string {
  const shown =
    "A referência atual deixa de valer. A nova aparece na Área do Aluno assim que for criada (normalmente em instantes)";
  return studentEmail
    ? `${shown} e vai também por e-mail para ${studentEmail}: o e-mail entra na fila de envio logo depois.`
    : `${shown}. O aluno não indicou e-mail: não recebe nenhum e-mail. Envie a nova referência por WhatsApp.`;
}

const renewedToast = (endsAt: string, studentEmail: string | null) =>
  studentEmail
    ? `Válida até ${formatDateTime(endsAt)}; aparece na Área do Aluno e vai por e-mail para ${studentEmail}.`
    : `Válida até ${formatDateTime(endsAt)}; aparece na Área do Aluno. O aluno não tem e-mail: envie-a por WhatsApp.`;

/**
 * 'Renovar referência Multicaixa' (issue 26) on an enrolment awaiting payment, when references are on
 * (the proposed-code answer says so): a small confirmation asks the validity (default 7 days, 1–60,
 * decision 077) and says how the student gets the new one; the old one is deleted at the provider.
 */
export function RenewReferenceButton({
  enrollmentId,
  studentEmail,
}: {
  enrollmentId: string;
  studentEmail: string | null;
}) {
  const on = useQuery(proposedReferenceCodeQuery);
  const [opened, { open, close }] = useDisclosure(false);
  if (!on.data?.multicaixa) return null;
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={open}>
        Renovar referência Multicaixa
      </Button>
      <Modal opened={opened} onClose={close} title="Renovar referência Multicaixa" centered>
        {opened && <RenewForm enrollmentId={enrollmentId} studentEmail={studentEmail} onClose={close} />}
      </Modal>
    </>
  );
}

function RenewForm({
  enrollmentId,
  studentEmail,
  onClose,
}: {
  enrollmentId: string;
  studentEmail: string | null;
  onClose: () => void;
}) {
  const renew = useRenewReference();
  const form = useForm({
    initialValues: { validDays: String(REFERENCE_DEFAULT_DAYS) },
    validate,
    transformValues: (values) => renewReferenceFormSchema.parse(values),
  });
  const submit = form.onSubmit(({ validDays }) => {
    if (renew.isPending) return;
    renew.mutate(
      { enrollmentId, validDays },
      feedback({
        failure: "Erro ao renovar a referência Multicaixa",
        form,
        done: onClose,
        success: ({ reference }) => ({
          title: "Nova referência Multicaixa pedida",
          message: renewedToast(reference.endsAt, studentEmail),
        }),
      }),
    );
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{renewalNote(studentEmail)}</Text>
        <WholeNumberInput
          label="Validade da nova referência (dias)"
          data-autofocus
          {...form.getInputProps("validDays")}
        />
        <DialogActions submitLabel="Renovar" pending={renew.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
