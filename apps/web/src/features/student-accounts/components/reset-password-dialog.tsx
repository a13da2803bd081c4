import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { feedback } from "../../../lib/mutation-feedback";
import { instituteSettingsQuery } from "../../settings/api/institute-settings";
import { useResetStudentPassword, useStudentAccountRow } from "../api/admin-student-accounts";
import type { ShownCredentials } from "./new-credentials-dialog";

/**
 * 'Resetar senha' confirmation (decision 026). Mounted afresh at each opening (the page gives it the
 * row dialog's key), it makes one idempotency key then: a double click sends one request, and a
 * second attempt after an error (a lost answer) sends the same key, so the server resets once and
 * answers the same password. It cannot be closed while the request is on its way, so the answer
 * always reaches `onReset`.
 */
export function ResetPasswordDialog({
  opened,
  accountId,
  onClose,
  onReset,
}: {
  opened: boolean;
  accountId: string | null;
  onClose: () => void;
  onReset: (shown: ShownCredentials) => void;
}) {
  const settings = useQuery(instituteSettingsQuery);
  const account = useStudentAccountRow(accountId);
  const reset = useResetStudentPassword();
  const [key] = useState(newIdempotencyKey);
  // isPending is seen only at the next render: a double click must send one request.
  const sending = useRef(false);

  const confirm = () => {
    if (!account || sending.current) return;
    sending.current = true;
    reset.mutate(
      { id: account.id, key },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: ({ studentCode, studentPassword }) => {
          onClose();
          onReset({
            title: "Senha resetada com sucesso!",
            credentials: {
              studentName: account.studentName,
              studentPhone: account.studentPhone,
              studentCode,
              studentPassword,
              instituteName: settings.data?.name ?? "Instituto",
            },
            sms: { accountId: account.id, resetKey: key },
          });
        },
        onError: feedback({ failure: "Erro ao resetar senha" }).onError,
      },
    );
  };

  return (
    <ConfirmDialog
      opened={opened}
      title="Resetar senha"
      confirmLabel="Resetar senha"
      destructive={false}
      loading={reset.isPending}
      onConfirm={confirm}
      onClose={() => {
        if (!sending.current) onClose();
      }}
    >
      Gerar uma nova senha temporária para {account?.studentName}? A senha atual deixa de funcionar e o aluno sai de
      todas as sessões.
    </ConfirmDialog>
  );
}
