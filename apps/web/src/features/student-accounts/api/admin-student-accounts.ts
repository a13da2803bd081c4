import { studentAccountEndpoints } from "@app/shared/contract/student-accounts";
import type { EditStudentCredentialsInput } from "@app/shared/schemas/student-accounts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type AdminStudentAccount = AnswerOf<typeof studentAccountEndpoints.editCredentials>;
export type ResetStudentPassword = AnswerOf<typeof studentAccountEndpoints.resetPassword>;

/** 'Contas de Alunos': every account with its enrolments and receipts (never a password). */
export const studentAccountsQuery = queryOptions({
  queryKey: ["admin", "student-accounts"],
  queryFn: ({ signal }) => api(studentAccountEndpoints.list, { signal }),
});

/** One confirmation's `Idempotency-Key` (decision 026): a repeated request with it takes effect once. */
const confirmationHeaders = (key: string) => ({ "idempotency-key": key });

/**
 * Changes a student's login code and, optionally, sets a new password; the student's sessions end.
 * `key` is the dialog's idempotency key: a double submit or a retry changes nothing more.
 */
export function useEditStudentCredentials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, ...body }: EditStudentCredentialsInput & { id: string; key: string }) =>
      api(studentAccountEndpoints.editCredentials, { params: { id }, body, headers: confirmationHeaders(key) }),
    onSettled: () => client.invalidateQueries(studentAccountsQuery),
  });
}

/**
 * Generates a new temporary password; the answer is the only place it is ever shown. With the
 * confirmation's `key`, a retry gets the same password back instead of resetting again.
 */
export function useResetStudentPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      api(studentAccountEndpoints.resetPassword, { params: { id }, headers: confirmationHeaders(key) }),
    onSettled: () => client.invalidateQueries(studentAccountsQuery),
  });
}
