import type {
  adminStudentAccountSchema,
  EditStudentCredentialsInput,
  resetStudentPasswordSchema,
} from "@app/shared/schemas/student-accounts";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export type AdminStudentAccount = z.infer<typeof adminStudentAccountSchema>;
export type ResetStudentPassword = z.infer<typeof resetStudentPasswordSchema>;

/** 'Contas de Alunos': every account with its enrolments and receipts (never a password). */
export const studentAccountsQuery = queryOptions({
  queryKey: ["admin", "student-accounts"],
  queryFn: ({ signal }) => api<AdminStudentAccount[]>("/admin/student-accounts", { signal }),
});

/** Changes a student's login code and, optionally, sets a new password; the student's sessions end. */
export function useEditStudentCredentials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EditStudentCredentialsInput & { id: string }) =>
      api<AdminStudentAccount>(`/admin/student-accounts/${encodeURIComponent(id)}/credentials`, {
        method: "PUT",
        body,
      }),
    onSettled: () => client.invalidateQueries(studentAccountsQuery),
  });
}

/** Generates a new temporary password; the answer is the only place it is ever shown. */
export function useResetStudentPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ResetStudentPassword>(`/admin/student-accounts/${encodeURIComponent(id)}/reset-password`, {
        method: "POST",
      }),
    onSettled: () => client.invalidateQueries(studentAccountsQuery),
  });
}
