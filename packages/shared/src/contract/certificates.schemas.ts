import { CERTIFICATE_NOT_FOUND } from "../messages";
import {
  adminCertificateSchema,
  baseUrlStatusSchema,
  credentialFileSchema,
  ownCertificatesSchema,
  revokeCertificateSchema,
} from "../schemas/certificates";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

const idParam = z.object({ id: z.uuid({ message: CERTIFICATE_NOT_FOUND.message }) });

/** Read by the certificate's own student or by staff with a role: one path, ownership checked inside. */
const readErrors = {
  401: "Not signed in",
  403: "Staff without a role",
  404: "No such certificate, or another student's",
  410: "Revoked: 'Este certificado foi revogado: {motivo}'",
} as const;

export const certificateSchemas = endpointSchemas({
  listOwn: {
    summary:
      "The student's certificates (newest first, revoked ones marked) and courses in progress with their progress",
    answers: { 200: ownCertificatesSchema },
  },
  pdf: {
    summary:
      "The certificate's PDF (inline, or as the download certificado-{number}.pdf with ?download=1): the owner student or staff with a role; once revoked, staff only (the student gets 410 with the reason)",
    params: idParam,
    query: z.object({ download: z.string().optional() }),
    answers: { 200: { file: ["application/pdf"] } },
    errors: readErrors,
  },
  credential: {
    summary:
      "The certificate as an Open Badges 3.0 credential signed by the institute (certificado-{number}.json: the credential and its VC-JWT); a revoked one to nobody (410)",
    description: "Sent as an attachment (Content-Disposition) named certificado-{number}.json.",
    params: idParam,
    answers: { 200: credentialFileSchema },
    errors: readErrors,
  },
  revoke: {
    summary:
      "Revokes a certificate with a reason (kept, marked revoked; History event); verification then says Revogado",
    params: idParam,
    body: revokeCertificateSchema,
    answers: { 200: adminCertificateSchema },
    errors: { 400: "Blank reason", 404: "No such certificate", 409: "Already revoked" },
  },
  reissue: {
    summary:
      "Re-issues a certificate: a new one (new number and PDF) replaces it; the old one stays, revoked. Only the newest of a completed enrolment",
    params: idParam,
    answers: { 201: adminCertificateSchema },
    errors: { 404: "No such certificate", 409: "Already replaced, or the enrolment is not completed" },
  },
  baseUrl: {
    summary:
      "The public address (BASE_URL) certificates, QR codes and credentials carry, and whether it is a loopback address (super_admin; the dashboard's notice)",
    answers: { 200: baseUrlStatusSchema },
  },
});
