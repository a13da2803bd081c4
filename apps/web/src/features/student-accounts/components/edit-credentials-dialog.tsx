import { STUDENT_CODE_MAX, STUDENT_PASSWORD_LENGTH } from "@app/shared/limits";
import { Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useRef, useState } from "react";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { lazySchema } from "../../../lib/lazy-schema";
import { feedback } from "../../../lib/mutation-feedback";
import { toastSuccess } from "../../../lib/toast";
import { instituteSettingsQuery } from "../../settings/api/institute-settings";
import { useEditStudentCredentials, useStudentAccountRow } from "../api/admin-student-accounts";
import type { ShownCredentials } from "./new-credentials-dialog";

const upper = (e: ChangeEvent<HTMLInputElement>) => e.currentTarget.value.toUpperCase();
// Imported when the dialog is first used: the accounts list loads no form schema (decision 100).
const schemas = lazySchema(() => import("@app/shared/schemas/student-accounts"));

/**
 * 'Editar credenciais' (SPEC §5 'Student credentials edit'): the login code (upper-cased, at most 10)
 * and an optional new password of exactly 6 of A–Z/0–9. Mounted afresh at each opening, with one
 * idempotency key (decision 026): a double submit sends one request, a retry changes nothing more.
 * New credentials go to `onSaved`, which shows them in the credentials dialog.
 */
export function EditCredentialsDialog({
  opened,
  accountId,
  onClose,
  onSaved,
}: {
  opened: boolean;
  accountId: string | null;
  onClose: () => void;
  onSaved: (shown: ShownCredentials) => void;
}) {
  const settings = useQuery(instituteSettingsQuery);
  const account = useStudentAccountRow(accountId);
  const save = useEditStudentCredentials();
  const [key] = useState(newIdempotencyKey);
  // isPending is seen only at the next render: a double click must send one request.
  const sending = useRef(false);
  const form = useForm({
    initialValues: { studentCode: account?.studentCode ?? "", newPassword: "" },
    validate: schemas.validate((m) => m.editStudentCredentialsSchema),
    transformValues: schemas.parsed((m) => m.editStudentCredentialsSchema),
  });

  return (
    // Not closed while the request is on its way: its answer may carry the credentials to show.
    <Modal opened={opened} onClose={() => !sending.current && onClose()} title="Editar credenciais" centered>
      {account && (
        <form
          noValidate
          onFocus={schemas.load}
          onSubmit={schemas.submitted(
            form.onSubmit((values) => {
              if (sending.current) return;
              sending.current = true;
              save.mutate(
                { id: account.id, key, ...values },
                {
                  onSettled: () => {
                    sending.current = false;
                  },
                  onSuccess: (saved) => {
                    onClose();
                    const changed = saved.studentCode !== account.studentCode || values.newPassword;
                    if (!changed) return toastSuccess("Credenciais atualizadas com sucesso!");
                    onSaved({
                      title: "Credenciais atualizadas com sucesso!",
                      credentials: {
                        studentName: saved.studentName,
                        studentPhone: saved.studentPhone,
                        studentCode: saved.studentCode,
                        studentPassword: values.newPassword,
                        instituteName: settings.data?.name ?? "Instituto",
                      },
                    });
                  },
                  onError: feedback({ failure: "Erro ao atualizar credenciais", form }).onError,
                },
              );
            }),
          )}
        >
          <Stack gap="sm">
            <Text size="sm">{account.studentName}</Text>
            <TextInput
              label="Código de estudante"
              required
              maxLength={STUDENT_CODE_MAX}
              {...form.getInputProps("studentCode")}
              onChange={(e) => form.setFieldValue("studentCode", upper(e))}
            />
            <TextInput
              label="Nova senha (opcional)"
              description={`Exatamente ${STUDENT_PASSWORD_LENGTH} letras (A–Z) ou algarismos. Deixe em branco para manter a senha atual.`}
              maxLength={STUDENT_PASSWORD_LENGTH}
              autoComplete="off"
              {...form.getInputProps("newPassword")}
              onChange={(e) => form.setFieldValue("newPassword", upper(e))}
            />
            <Text size="xs" c="dimmed">
              Ao salvar, o aluno sai de todas as sessões e entra de novo com as novas credenciais.
            </Text>
            <DialogActions submitLabel="Salvar credenciais" pending={save.isPending} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
