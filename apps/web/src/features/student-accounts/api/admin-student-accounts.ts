import { studentAccountEndpoints } from "@app/shared/contract/student-accounts";
import type { EditStudentCredentialsInput, StudentAccountSort } from "@app/shared/schemas/student-accounts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { refreshAfterChange, type ServerListParams, useCachedListRow } from "../../../lib/server-list";

export type AdminStudentAccountPage = AnswerOf<typeof studentAccountEndpoints.list>;
export type AdminStudentAccount = AdminStudentAccountPage["rows"][number];
export type ResetStudentPassword = AnswerOf<typeof studentAccountEndpoints.resetPassword>;

/** Every page of 'Contas de Alunos' starts with this key. */
export const STUDENT_ACCOUNTS_KEY = ["admin", "student-accounts"] as const;

/**
 * 'Contas de Alunos' (decision 057): one page of the accounts as the server searched and sorted them,
 * each with its enrolments and receipts (never a password), and the cards' counts.
 */
export const studentAccountsQuery = (query: ServerListParams<StudentAccountSort, object>) =>
  queryOptions({
    queryKey: [...STUDENT_ACCOUNTS_KEY, query],
    queryFn: ({ signal }) => api(studentAccountEndpoints.list, { query, signal }),
  });

/** The account a dialog opened on, as the freshest cached page shows it (the dialog opens from a visible row). */
export const useStudentAccountRow = (id: string | null) =>
  useCachedListRow<AdminStudentAccount>(STUDENT_ACCOUNTS_KEY, id);

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
    onSettled: () => refreshAfterChange(client, [STUDENT_ACCOUNTS_KEY]),
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
    onSettled: () => refreshAfterChange(client, [STUDENT_ACCOUNTS_KEY]),
  });
}

/**
 * 'Enviar por SMS' (decision 094): the server sends the password that the reset with `resetKey` answered;
 * the same key again sends no second SMS.
 */
export function useSendPasswordBySms() {
  return useMutation({
    mutationFn: ({ id, resetKey }: { id: string; resetKey: string }) =>
      api(studentAccountEndpoints.passwordSms, { params: { id }, headers: confirmationHeaders(resetKey) }),
  });
}
