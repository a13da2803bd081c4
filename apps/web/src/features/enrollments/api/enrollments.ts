import type { EnrollmentDocumentKind } from "@app/shared/enrollment-review";
import type { studentEnrollmentViewSchema } from "@app/shared/schemas/enrollment-review";
import type { enrollmentSubmittedSchema } from "@app/shared/schemas/enrollments";
import type { z } from "@app/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";

export type OwnEnrollment = z.infer<typeof studentEnrollmentViewSchema>;
export type SubmittedEnrollment = z.infer<typeof enrollmentSubmittedSchema>;

/** The enrolment could not be sent (no answer the user can act on). */
export const SEND_FAILED = "Erro ao enviar inscrição. Tente novamente.";

export const ownEnrollmentsQuery = queryOptions({
  queryKey: ["enrollments", "mine"],
  queryFn: ({ signal }) => api<OwnEnrollment[]>("/enrollments/mine", { signal }),
});

/** Sends the enrolment form with its documents, reporting upload progress; errors carry the server's message. */
export function submitEnrollment(form: FormData, onProgress: (percent: number) => void): Promise<SubmittedEnrollment> {
  return uploadWithProgress("POST", "/enrollments/mine", form, onProgress, SEND_FAILED);
}

/**
 * Replaces one document staff refused (the student's side of a correction request), with upload
 * progress; answers the enrolment as the student now sees it.
 */
export function replaceOwnDocument(
  enrollmentId: string,
  document: EnrollmentDocumentKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<OwnEnrollment> {
  const form = new FormData();
  form.append("file", file);
  return uploadWithProgress("PUT", `/enrollments/mine/${enrollmentId}/documents/${document}`, form, onProgress);
}
