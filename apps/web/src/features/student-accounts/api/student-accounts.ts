import { studentAccountEndpoints } from "@app/shared/contract/student-accounts";
import type { ChangeStudentPasswordInput, CreateStudentAccountInput } from "@app/shared/schemas/student-accounts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { sessionQuery, withStudent } from "../../../lib/session";

export type OwnStudentAccount = AnswerOf<typeof studentAccountEndpoints.own>;
export type NewStudentCredentials = AnswerOf<typeof studentAccountEndpoints.create>;

/** Creates a student account; the answer holds the code and temporary password, shown only this once. */
export function useCreateStudentAccount() {
  return useMutation({
    mutationFn: (body: CreateStudentAccountInput) => api(studentAccountEndpoints.create, { body }),
  });
}

export const ownAccountQuery = queryOptions({
  queryKey: ["student-accounts", "me"],
  queryFn: ({ signal }) => api(studentAccountEndpoints.own, { signal }),
});

/** Changes the student's own password; the password is no longer temporary, so the other screens open (decision 028). */
export function useChangeOwnPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStudentPasswordInput) => api(studentAccountEndpoints.changeOwnPassword, { body }),
    onSuccess: () => {
      client.setQueryData(sessionQuery.queryKey, (s) => withStudent(s, { mustChangePassword: false }));
      return client.invalidateQueries({ queryKey: ["student-accounts", "me"] });
    },
  });
}

/** 'Receber SMS' on or off (decision 092); the account shows the new choice and its date. */
export function useSetOwnSms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (smsOptIn: boolean) => api(studentAccountEndpoints.setOwnSms, { body: { smsOptIn } }),
    onSuccess: (answer) =>
      client.setQueryData(ownAccountQuery.queryKey, (account) => (account ? { ...account, ...answer } : account)),
  });
}
