import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface OwnStudentAccount {
  studentName: string;
  studentCode: string;
  studentPhone: string;
  studentEmail: string | null;
  mustChangePassword: boolean;
  passwordChangedAt: string | null;
  enrollmentCompleted: boolean;
}

export const ownAccountQuery = queryOptions({
  queryKey: ["student-accounts", "me"],
  queryFn: ({ signal }) => api<OwnStudentAccount>("/student-accounts/me", { signal }),
});

export function useChangeOwnPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      api<{ passwordChangedAt: string }>("/student-accounts/me/password", { method: "PUT", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["student-accounts", "me"] }),
  });
}
