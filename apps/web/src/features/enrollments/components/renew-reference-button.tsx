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
 * 'Renovar referência Multicaixa' (issue 26) on an enrolment awaiting payment, when references are on
 * (the proposed-code answer says so): a small confirmation asks the validity (default 7 days, 1–60,
 * decision 077); a new reference is e-mailed to the student and the old one is deleted at the provider.
 */
export function RenewReferenceButton({ enrollmentId }: { enrollmentId: string }) {
  const on = useQuery(proposedReferenceCodeQuery);
  const [opened, { open, close }] = useDisclosure(false);
  if (!on.data?.multicaixa) return null;
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={open}>
        Renovar referência Multicaixa
      </Button>
      <Modal opened={opened} onClose={close} title="Renovar referência Multicaixa" centered>
        {opened && <RenewForm enrollmentId={enrollmentId} onClose={close} />}
      </Modal>
    </>
  );
}

function RenewForm({ enrollmentId, onClose }: { enrollmentId: string; onClose: () => void }) {
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
          message: `Válida até ${formatDateTime(reference.endsAt)}; o aluno recebe-a por e-mail e na Área do Aluno.`,
        }),
      }),
    );
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">A referência atual deixa de ser válida e o aluno recebe uma nova por e-mail.</Text>
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
