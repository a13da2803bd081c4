import { enrollmentEndpoints } from "@app/shared/contract/enrollments";
import type { EditEnrollmentInput } from "@app/shared/schemas/enrollment-staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { refreshAfterChange } from "../../../lib/server-list";
import { upload } from "../../../lib/upload";
import { STUDENT_ACCOUNTS_KEY } from "../../student-accounts/api/admin-student-accounts";
import { ADMIN_ENROLLMENTS_KEY, adminEnrollmentQuery } from "./admin-enrollments";

export type StaffEnrollmentCreated = AnswerOf<typeof enrollmentEndpoints.create>;

export const CREATE_FAILED = "Erro ao criar inscrição";

const PHONE_ACCOUNTS_KEY = ["enrollments", "phone-accounts"] as const;

/** The student accounts with this phone (9 digits), for 'Nova inscrição' to choose from (decision 024). */
export const phoneAccountsQuery = (phone: string) =>
  queryOptions({
    queryKey: [...PHONE_ACCOUNTS_KEY, phone],
    queryFn: ({ signal }) => api(enrollmentEndpoints.phoneAccounts, { query: { phone }, signal }),
    // Another account may be made with this phone at any moment: ask afresh.
    staleTime: 0,
  });

/**
 * 'Nova inscrição' (staff): the form's fields, the student account chosen and three documents as
 * multipart, with upload progress.
 * Answers the enrolment and its student account (with the password once, when created now).
 */
export function useCreateStaffEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress: (percent: number) => void }) =>
      upload(enrollmentEndpoints.create, { body: form }, onProgress, CREATE_FAILED),
    onSuccess: (created) => {
      client.setQueryData(adminEnrollmentQuery(created.enrollment.id).queryKey, created.enrollment);
      return refreshAfterChange(client, [
        ADMIN_ENROLLMENTS_KEY,
        ["dashboard"],
        STUDENT_ACCOUNTS_KEY,
        PHONE_ACCOUNTS_KEY,
      ]);
    },
  });
}

/** 'Editar inscrição': personal and education fields; the answer is the enrolment as it now stands. */
export function useEditEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EditEnrollmentInput }) =>
      api(enrollmentEndpoints.edit, { params: { id }, body: input }),
    onSuccess: (detail) => {
      client.setQueryData(adminEnrollmentQuery(detail.id).queryKey, detail);
      return refreshAfterChange(client, [ADMIN_ENROLLMENTS_KEY]);
    },
  });
}
