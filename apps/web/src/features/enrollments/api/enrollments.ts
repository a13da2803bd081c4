import { enrollmentEndpoints } from "@app/shared/contract/enrollments";
import type { EnrollmentDocumentKind } from "@app/shared/enrollment-review";
import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { upload } from "../../../lib/upload";

export type OwnEnrollment = AnswerOf<typeof enrollmentEndpoints.mine>[number];
export type SubmittedEnrollment = AnswerOf<typeof enrollmentEndpoints.submit>;

/** The enrolment could not be sent (no answer the user can act on). */
export const SEND_FAILED = "Erro ao enviar inscrição. Tente novamente.";

export const ownEnrollmentsQuery = queryOptions({
  queryKey: ["enrollments", "mine"],
  queryFn: ({ signal }) => api(enrollmentEndpoints.mine, { signal }),
});

/** Sends the enrolment form with its documents, reporting upload progress; errors carry the server's message. */
export function submitEnrollment(form: FormData, onProgress: (percent: number) => void): Promise<SubmittedEnrollment> {
  return upload(enrollmentEndpoints.submit, { body: form }, onProgress, SEND_FAILED);
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
  return upload(
    enrollmentEndpoints.replaceDocument,
    { params: { id: enrollmentId, document }, body: form },
    onProgress,
  );
}

export type NewApplicationStart = AnswerOf<typeof enrollmentEndpoints.newApplicationStart>;

/** What a returning student's 'Nova inscrição' starts from: the latest data, the documents on file, the courses held. */
export const newApplicationStartQuery = queryOptions({
  queryKey: ["enrollments", "mine", "new-application"],
  queryFn: ({ signal }) => api(enrollmentEndpoints.newApplicationStart, { signal }),
});

/** Sends a returning student's new application; a document left out of `form` keeps the one on file. */
export function submitNewApplication(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<SubmittedEnrollment> {
  return upload(enrollmentEndpoints.submitNewApplication, { body: form }, onProgress, SEND_FAILED);
}
