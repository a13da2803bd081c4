import type { ownCertificatesSchema } from "@app/shared/schemas/certificates";
import type { z } from "@app/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export type OwnCertificates = z.infer<typeof ownCertificatesSchema>;
export type OwnCertificate = OwnCertificates["certificates"][number];
export type CourseInProgress = OwnCertificates["inProgress"][number];

/** The student's certificates and the courses still in progress (GET /api/certificates/mine). */
export const ownCertificatesQuery = queryOptions({
  queryKey: ["certificates", "mine"],
  queryFn: ({ signal }) => api<OwnCertificates>("/certificates/mine", { signal }),
});

/** Where a certificate's PDF is read (the student's own, or any for staff): inline, or as a download. */
export const certificatePdfUrl = (id: string, download = false) =>
  `/api/certificates/${id}/pdf${download ? "?download=1" : ""}`;

/** The certificate as a signed Open Badges 3.0 credential (a JSON file). */
export const certificateCredentialUrl = (id: string) => `/api/certificates/${id}/credential`;
