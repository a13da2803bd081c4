import { formatDateTime } from "@app/shared/dates";
import { Button } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { feedback } from "../../../lib/mutation-feedback";
import { useRenewReference } from "../../payment-references/api/payment-references";
import { proposedReferenceCodeQuery } from "../api/admin-enrollments";

/**
 * 'Renovar referência Multicaixa' (issue 26) on an enrolment awaiting payment, when references are on
 * (the proposed-code answer says so): a new reference, valid 7 days, e-mailed to the student; the old
 * one is deleted at the provider.
 */
export function RenewReferenceButton({ enrollmentId }: { enrollmentId: string }) {
  const on = useQuery(proposedReferenceCodeQuery);
  const renew = useRenewReference();
  if (!on.data?.multicaixa) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={renew.isPending}
      onClick={() =>
        renew.mutate(
          enrollmentId,
          feedback({
            failure: "Erro ao renovar a referência Multicaixa",
            success: ({ reference }) => ({
              title: "Nova referência Multicaixa pedida",
              message: `Válida até ${formatDateTime(reference.endsAt)}; o aluno recebe-a por e-mail e na Área do Aluno.`,
            }),
          }),
        )
      }
    >
      Renovar referência Multicaixa
    </Button>
  );
}
