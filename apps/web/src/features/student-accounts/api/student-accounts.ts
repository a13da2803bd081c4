import type {
  ChangeStudentPasswordInput,
  CreateStudentAccountInput,
  newStudentCredentialsSchema,
  ownStudentAccountSchema,
  passwordChangedSchema,
} from "@app/shared/schemas/student-accounts";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { sessionQuery, withStudent } from "../../../lib/session";

export type OwnStudentAccount = z.infer<typeof ownStudentAccountSchema>;
export type NewStudentCredentials = z.infer<typeof newStudentCredentialsSchema>;

/** Creates a student account; the answer holds the code and temporary password, shown only this once. */
export function useCreateStudentAccount() {
  return useMutation({
    mutationFn: (body: CreateStudentAccountInput) =>
      api<NewStudentCredentials>("/student-accounts", { method: "POST", body }),
  });
}

export const ownAccountQuery = queryOptions({
  queryKey: ["student-accounts", "me"],
  queryFn: ({ signal }) => api<OwnStudentAccount>("/student-accounts/me", { signal }),
});

/** Changes the student's own password; the password is no longer temporary, so the other screens open (decision 028). */
export function useChangeOwnPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStudentPasswordInput) =>
      api<z.infer<typeof passwordChangedSchema>>("/student-accounts/me/password", { method: "PUT", body }),
    onSuccess: () => {
      client.setQueryData(sessionQuery.queryKey, (s) => withStudent(s, { mustChangePassword: false }));
      return client.invalidateQueries({ queryKey: ["student-accounts", "me"] });
    },
  });
}
