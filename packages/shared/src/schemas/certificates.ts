import { formatDate } from "../dates";
import { CLASS_STATUSES, enrollmentStatusLabel, type StaffRole } from "../enums";
import { TEXT_TOO_LONG } from "../field-messages";
import { gradeSchema } from "../grades";
import { LONG_TEXT_MAX } from "../limits";
import { CERTIFICATE_REVOKED, type CodedMessage } from "../messages";
import { z } from "../zod";

/**
 * Course results and certificates (issue 15, decision 021): the teaching screen ('As minhas turmas'),
 * the student's certificates, revocation and re-issue, and the public verification.
 * Dates: calendar dates `YYYY-MM-DD`; instants (revokedAt, resultAt) ISO strings. Certificate numbers
 * travel formatted (ABCD-EFGH-JKMN); lookups accept any case, with or without dashes.
 */

/** The teacher's result for one enrolled student. */
export const RESULT_OUTCOMES = ["completed", "not_completed"] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];
/** The enrolments the teaching screen lists: in the course, or with a result. */
export const TEACHING_STATUSES = ["enrolled", "completed", "not_completed"] as const;

/** Revoke and re-issue certificates (the teacher records results; the secretariat corrects them). */
export const CERTIFICATE_MANAGER_ROLES = ["super_admin", "admin", "secretaria"] as const satisfies readonly StaffRole[];
export const CERTIFICATE_MANAGER_MESSAGE =
  "Só Super Administrador, Administrador e Secretaria podem revogar ou reemitir certificados";
/** Correcting a recorded result (decision 027): the roles that revoke, since a correction follows a revocation. */
export const RESULT_CORRECTION_MESSAGE = "Só Super Administrador, Administrador e Secretaria podem corrigir resultados";

export const RESULT_MESSAGES = {
  enrollment: "Aluno inválido",
  outcome: "Indique «Concluído» ou «Não concluído»",
  none: "Indique pelo menos um resultado",
  repeated: "Cada aluno só pode aparecer uma vez",
  revokeReason: "Indique o motivo da revogação",
  correctionReason: "Indique o motivo da correção",
} as const;

/**
 * 409 when a student of the class is no longer enrolled (a result already recorded): nothing was changed.
 * (A student of another class is refused with RESULT_NOT_IN_CLASS, which names nobody.)
 */
export function resultRefused(studentName: string, status: string): CodedMessage {
  return {
    code: "invalid_status",
    message: `Não é possível registrar o resultado de «${studentName}»: a inscrição está «${enrollmentStatusLabel(status)}». Nenhum resultado foi registrado.`,
  };
}

/** The same refusal when a concurrent request recorded the result first: the student is not known there. */
export const resultAlreadyRecorded = (): CodedMessage => resultRefused("Aluno", "completed");

/** 410 for a revoked certificate's PDF or credential: 'Este certificado foi revogado: {motivo}'. */
export function certificateRevoked(reason: string | null): CodedMessage {
  return reason
    ? { ...CERTIFICATE_REVOKED, message: `${CERTIFICATE_REVOKED.message}: ${reason}` }
    : CERTIFICATE_REVOKED;
}

/** 409 when a student to complete has no student account (a certificate belongs to an account). */
export function noStudentAccount(studentName: string): CodedMessage {
  return {
    code: "no_student_account",
    message: `«${studentName}» não tem conta de aluno: crie a conta em 'Contas de Alunos' antes de concluir. Nenhum resultado foi registrado.`,
  };
}

/** 409 when results are sent before the class started. */
export function classNotStarted(startDate: string): CodedMessage {
  return {
    code: "class_not_started",
    message: `A turma só começa em ${formatDate(startDate)}: os resultados podem ser registrados a partir dessa data.`,
  };
}

/**
 * POST /admin/teaching/classes/{classId}/results: one result or many ('Concluir todos'), all or nothing.
 * finalGrade: 0–20 with one decimal, as a number or the text typed ('14,5'); absent or '' is no grade.
 */
export const recordResultsSchema = z.object({
  results: z
    .array(
      z.object({
        enrollmentId: z.uuid({ message: RESULT_MESSAGES.enrollment }),
        outcome: z.enum(RESULT_OUTCOMES, { message: RESULT_MESSAGES.outcome }),
        finalGrade: gradeSchema,
      }),
      { message: RESULT_MESSAGES.none },
    )
    .min(1, RESULT_MESSAGES.none)
    .max(1000)
    .superRefine((results, ctx) => {
      const seen = new Set<string>();
      results.forEach((r, i) => {
        if (seen.has(r.enrollmentId)) ctx.addIssue({ code: "custom", path: [i], message: RESULT_MESSAGES.repeated });
        seen.add(r.enrollmentId);
      });
    }),
});
export type RecordResultsInput = z.input<typeof recordResultsSchema>;

/** A required reason (kept in History), trimmed; `message` when it is missing or blank. */
const requiredReason = (message: string) =>
  z.string({ message }).trim().min(1, message).max(LONG_TEXT_MAX, TEXT_TOO_LONG);

/** POST /admin/certificates/{id}/revoke: the reason is kept with the certificate and in History. */
export const revokeCertificateSchema = z.object({ reason: requiredReason(RESULT_MESSAGES.revokeReason) });
export type RevokeCertificateInput = z.input<typeof revokeCertificateSchema>;

/**
 * POST /admin/teaching/enrollments/{enrollmentId}/result-correction (decision 027): the corrected outcome and
 * grade of a completed or not-completed enrolment with no valid certificate, and why (kept in History).
 */
export const correctResultSchema = z.object({
  outcome: z.enum(RESULT_OUTCOMES, { message: RESULT_MESSAGES.outcome }),
  finalGrade: gradeSchema,
  reason: requiredReason(RESULT_MESSAGES.correctionReason),
});
export type CorrectResultInput = z.input<typeof correctResultSchema>;

/* What the API answers. */

/** A class on the teaching screen: the caller's own (professor) or every class (admin, secretaria). */
export const teachingClassSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  courseName: z.string(),
  teacherName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(CLASS_STATUSES),
  /** Enrolments in the class with status enrolled, completed or not_completed. */
  enrolledCount: z.number().int(),
  /** Of those, the ones with a result (completed or not_completed). */
  decidedCount: z.number().int(),
});
export type TeachingClass = z.infer<typeof teachingClassSchema>;

/** The certificate of a student, as the teaching screen and the admin actions see it. */
export const issuedCertificateSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  completionDate: z.string(),
  issueDate: z.string(),
  /** The PDF is stored: GET /api/certificates/{id}/pdf answers it. */
  fileReady: z.boolean(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** The certificate this one replaced (re-issue), if any. */
  replacesCertificateId: z.uuid().nullable(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

/** A student of a class on the teaching screen; `certificate` is the current one (the newest), or null. */
export const teachingStudentSchema = z.object({
  enrollmentId: z.uuid(),
  studentName: z.string(),
  studentPhone: z.string(),
  status: z.enum(TEACHING_STATUSES),
  finalGrade: z.number().nullable(),
  resultAt: z.string().nullable(),
  certificate: issuedCertificateSchema.nullable(),
});
export type TeachingStudent = z.infer<typeof teachingStudentSchema>;

/**
 * What the teaching screen says before a certificate is issued (decision 049): the institute's pass mark
 * (a 'Concluído' under it asks for confirmation) and, while BASE_URL is a loopback address, that address
 * (every certificate would carry it); null when BASE_URL is a public address.
 */
export const issuingNoticesSchema = z.object({
  passMark: z.number(),
  loopbackBaseUrl: z.string().nullable(),
});
export type IssuingNotices = z.infer<typeof issuingNoticesSchema>;

/** GET /admin/teaching/classes/{classId}/students and the answer of POST …/results: the class and its students by name. */
export const teachingClassDetailSchema = z.object({
  class: teachingClassSchema,
  students: z.array(teachingStudentSchema),
  issuing: issuingNoticesSchema,
});
export type TeachingClassDetail = z.infer<typeof teachingClassDetailSchema>;

/** The answer of revoke (the certificate, now revoked) and re-issue (the new certificate). */
export const adminCertificateSchema = issuedCertificateSchema.extend({
  enrollmentId: z.uuid(),
  studentName: z.string(),
  courseName: z.string(),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

/** One of the student's certificates (revoked ones stay in the list, marked). */
export const ownCertificateSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  courseName: z.string(),
  /** What the certificate states as the course's length: hours when set, otherwise months (workloadLabel). */
  workloadHours: z.number().int().nullable(),
  durationMonths: z.number().int(),
  completionDate: z.string(),
  issueDate: z.string(),
  fileReady: z.boolean(),
  revokedAt: z.string().nullable(),
});
export type OwnCertificate = z.infer<typeof ownCertificateSchema>;

/** A course the student is enrolled in now (SPEC §2 'Cursos em Andamento'). */
export const ownCourseInProgressSchema = z.object({
  enrollmentId: z.uuid(),
  courseName: z.string(),
  className: z.string().nullable(),
  startDate: z.string().nullable(),
  /** The expected completion date (the class end date). */
  endDate: z.string().nullable(),
  /** courseProgressPercent of the class dates (SPEC §4), computed by the server at the request. */
  progress: z.number().int(),
});
export type OwnCourseInProgress = z.infer<typeof ownCourseInProgressSchema>;

/** GET /me/certificates: newest certificate first; courses in progress by start date. */
export const ownCertificatesSchema = z.object({
  certificates: z.array(ownCertificateSchema),
  inProgress: z.array(ownCourseInProgressSchema),
});
export type OwnCertificates = z.infer<typeof ownCertificatesSchema>;

export const VERIFICATION_RESULTS = ["valid", "revoked", "not_found"] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];
export const VERIFICATION_RESULT_LABELS: Record<VerificationResult, string> = {
  valid: "Válido",
  revoked: "Revogado",
  not_found: "Não encontrado",
};

/**
 * GET /verify/{number} (public): what was issued, as printed on the PDF, so an employer can compare.
 * not_found: every field but `number` (the number as typed, normalised when possible) is null.
 */
export const certificateVerificationSchema = z.object({
  result: z.enum(VERIFICATION_RESULTS),
  number: z.string(),
  studentName: z.string().nullable(),
  courseName: z.string().nullable(),
  workloadHours: z.number().int().nullable(),
  durationMonths: z.number().int().nullable(),
  completionDate: z.string().nullable(),
  issueDate: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/**
 * POST /verify/credential (public): the same answer for the certificate the credential names. The
 * signature was valid (a tampered file is refused with 422 CREDENTIAL_TAMPERED); `matchesRecord` says
 * whether what it states (student, course, length, dates, number) is what our record holds.
 */
export const credentialVerificationSchema = certificateVerificationSchema.extend({
  signatureValid: z.literal(true),
  matchesRecord: z.boolean(),
});
export type CredentialVerification = z.infer<typeof credentialVerificationSchema>;

/** The largest credential file the verification accepts. */
export const CREDENTIAL_MAX_BYTES = 64 * 1024;

/**
 * GET /admin/base-url (super_admin; decision 049): the public address certificates, QR codes and signed
 * credentials carry, and whether it is a loopback address (then the dashboard says so).
 */
export const baseUrlStatusSchema = z.object({
  baseUrl: z.string(),
  loopback: z.boolean(),
});
export type BaseUrlStatus = z.infer<typeof baseUrlStatusSchema>;

/*
 * Open Badges 3.0 (decision 021): the signed credential of a certificate and the institute as its issuer.
 * `@context` and `type` carry the fixed values of the standard; the rest is what the certificate states.
 */

const ob3Names = z.array(z.string());

/** The institute's Ed25519 public key as a JWK (RFC 8037), named by its thumbprint. */
export const issuerPublicKeySchema = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  kid: z.string(),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});

/** GET /verify/issuer: the institute as an OB 3.0 issuer Profile, with the key that verifies its credentials. */
export const issuerProfileSchema = z.object({
  "@context": ob3Names,
  /** The issuer identity the credentials name: …/api/verify/issuer under the address it was set with (decision 065). */
  id: z.string(),
  type: ob3Names,
  name: z.string(),
  url: z.string(),
  jwks: z.object({ keys: z.array(issuerPublicKeySchema) }),
});
export type IssuerProfile = z.infer<typeof issuerProfileSchema>;

/** A certificate as an OB 3.0 OpenBadgeCredential (unsigned: the VC-JWT beside it carries the same, signed). */
export const openBadgeCredentialSchema = z.object({
  "@context": ob3Names,
  /** urn:uuid:{certificate id} */
  id: z.string(),
  type: ob3Names,
  name: z.string(),
  issuer: z.object({ id: z.string(), type: ob3Names, name: z.string(), url: z.string() }),
  /** The issue date, as the instant it starts in Luanda. */
  validFrom: z.string(),
  credentialSubject: z.object({
    type: ob3Names,
    identifier: z.array(
      z.object({
        type: z.literal("IdentityObject"),
        identityType: z.literal("name"),
        hashed: z.literal(false),
        /** The student's name as printed (not hashed). */
        identityHash: z.string(),
      }),
    ),
    activityEndDate: z.string(),
    achievement: z.object({
      id: z.string(),
      type: ob3Names,
      achievementType: z.literal("Certificate"),
      name: z.string(),
      description: z.string(),
      criteria: z.object({ narrative: z.string() }),
    }),
  }),
  evidence: z.array(z.object({ id: z.string(), type: ob3Names, name: z.string(), narrative: z.string() })),
});
export type OpenBadgeCredential = z.infer<typeof openBadgeCredentialSchema>;

/** GET /certificates/{id}/credential: the file certificado-{number}.json — the credential, readable, and its VC-JWT. */
export const credentialFileSchema = z.object({
  credential: openBadgeCredentialSchema,
  proof: z.object({ type: z.literal("VC-JWT"), format: z.string() }),
  /** The compact JWS (EdDSA) whose payload is the credential plus iss, jti and nbf. */
  jwt: z.string(),
});
export type CredentialFile = z.infer<typeof credentialFileSchema>;
