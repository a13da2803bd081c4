import type { EnrollmentDocumentKind } from "@app/shared/enrollment-review";
import type { studentEnrollmentViewSchema } from "@app/shared/schemas/enrollment-review";
import type { enrollmentSubmittedSchema, newApplicationStartSchema } from "@app/shared/schemas/enrollments";
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

export type NewApplicationStart = z.infer<typeof newApplicationStartSchema>;

/** What a returning student's 'Nova inscrição' starts from: the latest data, the documents on file, the courses held. */
export const newApplicationStartQuery = queryOptions({
  queryKey: ["enrollments", "mine", "new-application"],
  queryFn: ({ signal }) => api<NewApplicationStart>("/enrollments/mine/new-application", { signal }),
});

/** Sends a returning student's new application; a document left out of `form` keeps the one on file. */
export function submitNewApplication(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<SubmittedEnrollment> {
  return uploadWithProgress("POST", "/enrollments/mine/new-application", form, onProgress, SEND_FAILED);
}
