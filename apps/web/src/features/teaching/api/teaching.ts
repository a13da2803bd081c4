import type {
  AdminCertificate,
  CorrectResultInput,
  RecordResultsInput,
  teachingClassDetailSchema,
  teachingClassSchema,
} from "@app/shared/schemas/certificates";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export type TeachingClass = z.infer<typeof teachingClassSchema>;
export type TeachingClassDetail = z.infer<typeof teachingClassDetailSchema>;
export type ClassStudent = TeachingClassDetail["students"][number];
export type ResultInput = RecordResultsInput["results"][number];

/** The classes the signed-in staff user may grade (a professor: the classes they teach). */
export const teachingClassesQuery = queryOptions({
  queryKey: ["teaching", "classes"],
  queryFn: ({ signal }) => api<TeachingClass[]>("/teaching/classes", { signal }),
});

/** One class and its enrolled, completed and not-completed students. */
export const classStudentsQuery = (classId: string) =>
  queryOptions({
    queryKey: ["teaching", "classes", classId, "students"],
    queryFn: ({ signal }) => api<TeachingClassDetail>(`/teaching/classes/${classId}/students`, { signal }),
  });

/** Records one or many results in one request (all or nothing on the server); the lists refresh after. */
export function useRecordResults(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (results: ResultInput[]) =>
      api<TeachingClassDetail>(`/teaching/classes/${classId}/results`, { method: "POST", body: { results } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}

/** Revokes a certificate with a reason (admin, secretaria). */
export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<AdminCertificate>(`/admin/certificates/${id}/revoke`, { method: "POST", body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}

/** Issues a new certificate (new number, new PDF) in place of a certificate; the old one stays revoked. */
export function useReissueCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<AdminCertificate>(`/admin/certificates/${id}/reissue`, { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}

/** Corrects a recorded result once no certificate is in force (admin, secretaria; decision 027). */
export function useCorrectResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ enrollmentId, ...input }: CorrectResultInput & { enrollmentId: string }) =>
      api<TeachingClassDetail>(`/teaching/enrollments/${enrollmentId}/result-correction`, {
        method: "POST",
        body: input,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}
