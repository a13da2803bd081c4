import { certificateEndpoints } from "@app/shared/contract/certificates";
import { teachingEndpoints } from "@app/shared/contract/teaching";
import type { CorrectResultInput, RecordResultsInput } from "@app/shared/schemas/certificates";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type TeachingClass = AnswerOf<typeof teachingEndpoints.classes>[number];
export type TeachingClassDetail = AnswerOf<typeof teachingEndpoints.students>;
export type ClassStudent = TeachingClassDetail["students"][number];
export type ResultInput = RecordResultsInput["results"][number];

/** The classes the signed-in staff user may grade (a professor: the classes they teach). */
export const teachingClassesQuery = queryOptions({
  queryKey: ["teaching", "classes"],
  queryFn: ({ signal }) => api(teachingEndpoints.classes, { signal }),
});

/** One class and its enrolled, completed and not-completed students. */
export const classStudentsQuery = (classId: string) =>
  queryOptions({
    queryKey: ["teaching", "classes", classId, "students"],
    queryFn: ({ signal }) => api(teachingEndpoints.students, { params: { classId }, signal }),
  });

/** Records one or many results in one request (all or nothing on the server); the lists refresh after. */
export function useRecordResults(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (results: ResultInput[]) => api(teachingEndpoints.results, { params: { classId }, body: { results } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}

/** Revokes a certificate with a reason (admin, secretaria). */
export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api(certificateEndpoints.revoke, { params: { id }, body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}

/** Issues a new certificate (new number, new PDF) in place of a certificate; the old one stays revoked. */
export function useReissueCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(certificateEndpoints.reissue, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}

/** Corrects a recorded result once no certificate is in force (admin, secretaria; decision 027). */
export function useCorrectResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ enrollmentId, ...input }: CorrectResultInput & { enrollmentId: string }) =>
      api(teachingEndpoints.correctResult, { params: { enrollmentId }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ["teaching"] }),
  });
}
