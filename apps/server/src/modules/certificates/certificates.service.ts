import {
  CERTIFICATE_NUMBER_LENGTH,
  formatCertificateNumber,
  normalizeCertificateNumber,
} from "@app/shared/certificate-number";
import { todayInLuanda } from "@app/shared/dates";
import { certificateReplacedNote, certificateRevokedNote, REISSUE_REASON } from "@app/shared/history-notes";
import {
  CERTIFICATE_ALREADY_REPLACED,
  CERTIFICATE_ALREADY_REVOKED,
  CERTIFICATE_NOT_FOUND,
  CERTIFICATE_NOT_REISSUABLE,
  CERTIFICATE_PDF_NOT_READY,
} from "@app/shared/messages";
import { courseProgressPercent } from "@app/shared/rules";
import {
  type AdminCertificate,
  type CertificateVerification,
  type CredentialVerification,
  certificateRevoked,
  type IssuedCertificate,
  noStudentAccount,
  type OwnCertificates,
} from "@app/shared/schemas/certificates";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Config } from "../../config";
import type { Database, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { certificates, classes, courses, enrollments, studentAccounts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { FileStorage } from "../../storage/storage";
import {
  contentOf,
  type PendingFile,
  putFiles,
  recordFiles,
  removeFiles,
  storedFile,
} from "../../storage/stored-files";
import { recordEvent } from "../enrollments/enrollment-history";
import { getInstituteSettings } from "../settings/settings.service";
import type { Sms } from "../sms/sms-setup";
import { queueCertificateSms } from "../sms/student-sms";
import { unambiguousCode } from "../student-accounts/credentials";
import { buildCertificatePdf } from "./certificate-pdf";
import {
  buildCredential,
  type CredentialFacts,
  issuerProfile,
  sameJson,
  signedCredentialFile,
  verifyCredentialFile,
  verifyPageUrl,
} from "./credential";
import { currentIssuance } from "./issuer";

type CertificateRow = typeof certificates.$inferSelect;
type EnrollmentRow = typeof enrollments.$inferSelect;
type CourseRow = typeof courses.$inferSelect;

const NOT_FOUND = () => ApiError.of(404, CERTIFICATE_NOT_FOUND);

/** A new certificate number: 12 characters of the look-alike-free alphabet. Cryptographically random. */
export function generateCertificateNumber(): string {
  return unambiguousCode(CERTIFICATE_NUMBER_LENGTH);
}

/** What an issue needs besides the database: storage for the PDF, the public URL for its QR code. */
export interface IssueContext {
  storage: FileStorage;
  config: Pick<Config, "baseUrl">;
  instituteName: string;
  /** Who issues (null: the demo data). */
  actorUserId: string | null;
  /** PDFs written during the transaction: the caller removes them if it rolls back. */
  written: PendingFile[];
  /** SMS to students (decision 092) when on: the verification link by SMS. */
  sms?: Sms;
}

/**
 * Issues the certificate of a completed enrolment inside the caller's transaction: a fresh number
 * (a collision with an existing number is retried: the insert does nothing on a taken number), the
 * snapshot of what the PDF prints, the PDF stored as a certificate_pdf file owned by the student.
 * The partial unique index lets one valid certificate exist per enrolment.
 */
export async function issueCertificate(
  tx: Tx,
  ctx: IssueContext,
  input: {
    enrollment: Pick<EnrollmentRow, "id" | "studentName" | "studentAccountId">;
    course: Pick<CourseRow, "name" | "workloadHours" | "durationMonths">;
    completionDate: string;
    issueDate: string;
    replacesCertificateId?: string;
  },
): Promise<CertificateRow> {
  const { enrollment, course } = input;
  const [account] = enrollment.studentAccountId
    ? await tx
        .select({ userId: studentAccounts.userId })
        .from(studentAccounts)
        .where(eq(studentAccounts.id, enrollment.studentAccountId))
    : [];
  if (!account) {
    throw ApiError.of(409, noStudentAccount(enrollment.studentName));
  }
  let row: CertificateRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    if (attempt === 5) throw new Error("certificate number: five collisions in a row");
    [row] = await tx
      .insert(certificates)
      .values({
        studentAccountId: enrollment.studentAccountId!,
        enrollmentId: enrollment.id,
        certificateNumber: generateCertificateNumber(),
        completionDate: input.completionDate,
        issueDate: input.issueDate,
        studentName: enrollment.studentName,
        courseName: course.name,
        workloadHours: course.workloadHours,
        durationMonths: course.durationMonths,
        issuedBy: ctx.actorUserId,
        replacesCertificateId: input.replacesCertificateId ?? null,
      })
      .onConflictDoNothing({ target: certificates.certificateNumber })
      .returning();
  }
  const pdf = await buildCertificatePdf({
    ...factsOf(row),
    instituteName: ctx.instituteName,
    verifyUrl: verifyPageUrl(ctx.config.baseUrl, row.certificateNumber),
  });
  const files = await putFiles(ctx.storage, [
    { kind: "certificate_pdf", data: pdf, checked: { contentType: "application/pdf", extension: "pdf" } },
  ]);
  ctx.written.push(...files);
  const [fileId] = await recordFiles(tx, account.userId, files);
  const [updated] = await tx.update(certificates).set({ fileId }).where(eq(certificates.id, row.id)).returning();
  const verifyUrl = verifyPageUrl(ctx.config.baseUrl, row.certificateNumber);
  await queueCertificateSms(tx, ctx.sms, enrollment.id, row.id, verifyUrl);
  return updated!;
}

/**
 * Runs `work` in one transaction with an issue context; PDFs written by a transaction that rolls back
 * are removed from storage (a storage failure leaves nothing, as receipts do: decision 019).
 */
export async function withIssuing<T>(
  deps: { db: Database; storage: FileStorage; config: Pick<Config, "baseUrl">; sms?: Sms },
  actorUserId: string | null,
  work: (tx: Tx, ctx: IssueContext) => Promise<T>,
  onUniqueViolation: () => Error,
): Promise<T> {
  // The first certificate under a public BASE_URL sets the issuer identity of every credential (decision
  // 065); outside the transaction, so a first issue of many PDFs holds no lock another issue would wait on.
  await currentIssuance(deps.db, deps.config, { keep: true });
  const written: PendingFile[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const { name } = await getInstituteSettings(tx);
      const ctx = {
        storage: deps.storage,
        config: deps.config,
        instituteName: name,
        actorUserId,
        written,
        sms: deps.sms,
      };
      return work(tx, ctx);
    });
  } catch (err) {
    await removeFiles(deps.storage, written);
    if (isUniqueViolation(err)) throw onUniqueViolation();
    throw err;
  }
}

export function issuedCertificateBody(r: CertificateRow): IssuedCertificate {
  return {
    id: r.id,
    number: formatCertificateNumber(r.certificateNumber),
    completionDate: r.completionDate,
    issueDate: r.issueDate,
    fileReady: r.fileId !== null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    revokedReason: r.revokedReason,
    replacesCertificateId: r.replacesCertificateId,
  };
}

function adminCertificateBody(r: CertificateRow, enrollment: Pick<EnrollmentRow, "id">): AdminCertificate {
  return {
    ...issuedCertificateBody(r),
    enrollmentId: enrollment.id,
    studentName: r.studentName,
    courseName: r.courseName,
  };
}

/** The newest certificate of each enrolment (a re-issue replaces the one before it). */
export async function currentCertificates(db: Database | Tx, enrollmentIds: string[]) {
  const byEnrollment = new Map<string, CertificateRow>();
  if (enrollmentIds.length === 0) return byEnrollment;
  const rows = await db
    .select()
    .from(certificates)
    .where(inArray(certificates.enrollmentId, enrollmentIds))
    .orderBy(asc(certificates.createdAt));
  for (const r of rows) byEnrollment.set(r.enrollmentId, r);
  return byEnrollment;
}

async function lockCertificate(tx: Tx, id: string) {
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for("update");
  if (!row) throw NOT_FOUND();
  return row;
}

async function enrollmentStatus(tx: Tx, enrollmentId: string) {
  const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, enrollmentId)).for("update");
  return row!;
}

/** Revocation with a reason (admin, secretaria): kept, marked, in History; the enrolment stays completed. */
export async function revokeCertificate(db: Database, actorUserId: string, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const cert = await lockCertificate(tx, id);
    if (cert.revokedAt) throw ApiError.of(409, CERTIFICATE_ALREADY_REVOKED);
    const enrollment = await enrollmentStatus(tx, cert.enrollmentId);
    const [revoked] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: reason, revokedBy: actorUserId })
      .where(eq(certificates.id, id))
      .returning();
    await recordEvent(tx, cert.enrollmentId, {
      actorUserId,
      fromStatus: enrollment.status,
      toStatus: enrollment.status,
      kind: "certificate_revoked",
      note: certificateRevokedNote(cert.certificateNumber, reason),
    });
    return adminCertificateBody(revoked!, enrollment);
  });
}

/**
 * Re-issue: a new certificate (new number, new PDF, today's issue date, the same completion date, the
 * names as they are now) that replaces this one, which is revoked if it was not yet. Only the newest
 * certificate of a completed enrolment may be re-issued; two clicks at once give one new certificate.
 */
export async function reissueCertificate(
  deps: { db: Database; storage: FileStorage; config: Pick<Config, "baseUrl"> },
  actorUserId: string,
  id: string,
) {
  return withIssuing(
    deps,
    actorUserId,
    async (tx, ctx) => {
      const old = await lockCertificate(tx, id);
      const enrollment = await enrollmentStatus(tx, old.enrollmentId);
      if (enrollment.status !== "completed") throw ApiError.of(409, CERTIFICATE_NOT_REISSUABLE);
      const current = (await currentCertificates(tx, [old.enrollmentId])).get(old.enrollmentId);
      if (current?.id !== id) throw ApiError.of(409, CERTIFICATE_ALREADY_REPLACED);
      if (!old.revokedAt) {
        await tx
          .update(certificates)
          .set({ revokedAt: new Date(), revokedReason: REISSUE_REASON, revokedBy: actorUserId })
          .where(eq(certificates.id, id));
      }
      const [course] = await tx.select().from(courses).where(eq(courses.id, enrollment.courseId));
      const fresh = await issueCertificate(tx, ctx, {
        enrollment,
        course: course!,
        completionDate: old.completionDate,
        issueDate: todayInLuanda(),
        replacesCertificateId: id,
      });
      await recordEvent(tx, enrollment.id, {
        actorUserId,
        fromStatus: enrollment.status,
        toStatus: enrollment.status,
        kind: "certificate_reissued",
        note: certificateReplacedNote(old.certificateNumber, fresh.certificateNumber),
      });
      return adminCertificateBody(fresh, enrollment);
    },
    () => ApiError.of(409, CERTIFICATE_ALREADY_REPLACED),
  );
}

/** GET /me/certificates: every certificate of the account (revoked ones marked), and its courses in progress. */
export async function listOwnCertificates(
  db: Database,
  studentAccountId: string,
  now: Date = new Date(),
): Promise<OwnCertificates> {
  const certs = await db
    .select()
    .from(certificates)
    .where(eq(certificates.studentAccountId, studentAccountId))
    .orderBy(desc(certificates.issueDate), desc(certificates.createdAt));
  const enrolled = await db
    .select({
      enrollmentId: enrollments.id,
      courseName: courses.name,
      className: classes.name,
      startDate: classes.startDate,
      endDate: classes.endDate,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(classes, eq(classes.id, enrollments.classId))
    .where(and(eq(enrollments.studentAccountId, studentAccountId), eq(enrollments.status, "enrolled")))
    .orderBy(asc(classes.startDate), asc(courses.name));
  return {
    certificates: certs.map((r) => ({
      id: r.id,
      number: formatCertificateNumber(r.certificateNumber),
      courseName: r.courseName,
      workloadHours: r.workloadHours,
      durationMonths: r.durationMonths,
      completionDate: r.completionDate,
      issueDate: r.issueDate,
      fileReady: r.fileId !== null,
      revokedAt: r.revokedAt?.toISOString() ?? null,
    })),
    inProgress: enrolled.map((e) => ({
      ...e,
      progress: courseProgressPercent(e.startDate, e.endDate, now),
    })),
  };
}

/**
 * A certificate the caller may read: a student only their own (another's answers 404, like a missing
 * one); staff with a role any.
 */
export async function readableCertificate(db: Database, id: string, studentAccountId: string | null) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  if (!row || (studentAccountId !== null && row.studentAccountId !== studentAccountId)) throw NOT_FOUND();
  return row;
}

/**
 * GET /certificates/{id}/pdf: the stored PDF of a certificate the caller may read (`reader` as for
 * readableCertificate); a student gets 410 once it is revoked, staff still read it.
 */
export async function certificatePdf(deps: { db: Database; storage: FileStorage }, id: string, reader: string | null) {
  const cert = await readableCertificate(deps.db, id, reader);
  if (reader !== null) refuseRevokedDocument(cert);
  const notReady = () => ApiError.of(404, CERTIFICATE_PDF_NOT_READY);
  const file = cert.fileId ? await storedFile(deps.db, cert.fileId) : undefined;
  if (!file) throw notReady();
  return {
    body: await contentOf(deps.storage, file, notReady),
    size: file.size,
    name: `certificado-${formatCertificateNumber(cert.certificateNumber)}.pdf`,
  };
}

/**
 * A revoked certificate's document is not handed out (decision 027): 410 'Este certificado foi revogado:
 * {motivo}', so its student reads why instead of getting a document that no longer holds.
 */
export function refuseRevokedDocument(row: Pick<CertificateRow, "revokedAt" | "revokedReason">): void {
  if (row.revokedAt) {
    throw ApiError.of(410, certificateRevoked(row.revokedReason));
  }
}

/** GET /files/{id} of a certificate's PDF: the same refusal once its certificate is revoked (non-staff readers). */
export async function refuseRevokedCertificateFile(db: Database, fileId: string): Promise<void> {
  const [row] = await db
    .select({ revokedAt: certificates.revokedAt, revokedReason: certificates.revokedReason })
    .from(certificates)
    .where(eq(certificates.fileId, fileId));
  if (row) refuseRevokedDocument(row);
}

/** The certificate's id and what it states (the snapshot taken at issue). */
function factsOf(r: CertificateRow): CredentialFacts {
  return {
    certificateId: r.id,
    number: r.certificateNumber,
    studentName: r.studentName,
    courseName: r.courseName,
    workloadHours: r.workloadHours,
    durationMonths: r.durationMonths,
    completionDate: r.completionDate,
    issueDate: r.issueDate,
  };
}

/** The OB 3.0 credential file of a certificate (a revoked one is refused to everyone: it would not verify as valid). */
export async function credentialFile(
  deps: { db: Database; config: Pick<Config, "baseUrl" | "credentialSigningKey"> },
  row: CertificateRow,
) {
  refuseRevokedDocument(row);
  const { name } = await getInstituteSettings(deps.db);
  const issuance = await currentIssuance(deps.db, deps.config, { keep: true });
  return signedCredentialFile(deps.config, issuance, name, factsOf(row));
}

function verificationOf(row: CertificateRow | undefined, typed: string): CertificateVerification {
  if (!row) {
    return {
      result: "not_found",
      number: typed,
      studentName: null,
      courseName: null,
      workloadHours: null,
      durationMonths: null,
      completionDate: null,
      issueDate: null,
      revokedAt: null,
    };
  }
  return {
    result: row.revokedAt ? "revoked" : "valid",
    number: formatCertificateNumber(row.certificateNumber),
    studentName: row.studentName,
    courseName: row.courseName,
    workloadHours: row.workloadHours,
    durationMonths: row.durationMonths,
    completionDate: row.completionDate,
    issueDate: row.issueDate,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** GET /verify/{number}: any case, with or without dashes; a malformed number is simply not found. */
export async function verifyNumber(db: Database, typed: string): Promise<CertificateVerification> {
  const canonical = normalizeCertificateNumber(typed);
  if (!canonical) return verificationOf(undefined, typed.trim().toUpperCase().slice(0, 40));
  const [row] = await db.select().from(certificates).where(eq(certificates.certificateNumber, canonical));
  return verificationOf(row, formatCertificateNumber(canonical));
}

/** GET /verify/issuer: the institute, under the name it has now, as the issuer of its credentials (kept identity). */
export async function issuerOf(deps: { db: Database; config: Pick<Config, "baseUrl" | "credentialSigningKey"> }) {
  const { name } = await getInstituteSettings(deps.db);
  return issuerProfile(deps.config, await currentIssuance(deps.db, deps.config, { keep: false }), name);
}

/**
 * POST /verify/credential: the signature must be ours and the file unedited (422 otherwise); then the
 * answer for the certificate it names, and whether what it states is what our record holds (rebuilt
 * under the issuer and address the credential was signed with: a later BASE_URL changes neither).
 */
export async function verifyCredential(
  deps: { db: Database; config: Pick<Config, "baseUrl" | "credentialSigningKey"> },
  body: unknown,
): Promise<CredentialVerification> {
  const { certificateId, credential } = await verifyCredentialFile(deps.config, body);
  const [row] = await deps.db.select().from(certificates).where(eq(certificates.id, certificateId));
  const stated = credential.evidence?.[0]?.name?.replace(/^Certificado n\.º /, "") ?? "";
  const answer = verificationOf(row, stated);
  const matchesRecord =
    row !== undefined &&
    sameJson(
      buildCredential(
        { issuerId: credential.issuer.id, baseUrl: credential.issuer.url },
        credential.issuer.name,
        factsOf(row),
      ),
      credential,
    );
  return { ...answer, signatureValid: true, matchesRecord };
}
