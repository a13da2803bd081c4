import { certificateEndpoints } from "@app/shared/contract/certificates";
import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api, apiUrl } from "../../../lib/api";

export type OwnCertificates = AnswerOf<typeof certificateEndpoints.listOwn>;
export type OwnCertificate = OwnCertificates["certificates"][number];
export type CourseInProgress = OwnCertificates["inProgress"][number];

/** The student's certificates and the courses still in progress. */
export const ownCertificatesQuery = queryOptions({
  queryKey: ["certificates", "mine"],
  queryFn: ({ signal }) => api(certificateEndpoints.listOwn, { signal }),
});

/** Where a certificate's PDF is read (the student's own, or any for staff): inline, or as a download. */
export const certificatePdfUrl = (id: string, download = false) =>
  apiUrl(certificateEndpoints.pdf, { id }, { download: download ? "1" : undefined });

/** The certificate as a signed Open Badges 3.0 credential (a JSON file). */
export const certificateCredentialUrl = (id: string) => apiUrl(certificateEndpoints.credential, { id });
