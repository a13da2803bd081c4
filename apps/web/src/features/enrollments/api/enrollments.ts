import { NETWORK_ERROR } from "@app/shared/request-messages";
import type { studentEnrollmentViewSchema } from "@app/shared/schemas/enrollment-review";
import type { enrollmentSubmittedSchema } from "@app/shared/schemas/enrollments";
import type { z } from "@app/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api";

export type OwnEnrollment = z.infer<typeof studentEnrollmentViewSchema>;
export type SubmittedEnrollment = z.infer<typeof enrollmentSubmittedSchema>;

/** The enrolment could not be sent (no answer the user can act on). */
export const SEND_FAILED = "Erro ao enviar inscrição. Tente novamente.";

export const ownEnrollmentsQuery = queryOptions({
  queryKey: ["enrollments", "mine"],
  queryFn: ({ signal }) => api<OwnEnrollment[]>("/enrollments/mine", { signal }),
});

/**
 * Sends the enrolment form with its documents, reporting real upload progress (XMLHttpRequest:
 * fetch cannot report upload progress). Errors come back as ApiError with the server's message.
 */
export function submitEnrollment(form: FormData, onProgress: (percent: number) => void): Promise<SubmittedEnrollment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/enrollments/mine");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const data = (() => {
        try {
          return JSON.parse(xhr.responseText);
        } catch {
          return undefined;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else
        reject(
          new ApiError(
            xhr.status,
            data?.error?.code ?? "http_error",
            data?.error?.message ?? SEND_FAILED,
            data?.error?.issues,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR.code, NETWORK_ERROR.message));
    xhr.send(form);
  });
}
