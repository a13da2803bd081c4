import { formatCertificateNumber } from "@app/shared/certificate-number";
import { todayInLuanda } from "@app/shared/dates";
import { canDoEnrollmentAction, wrongStatus } from "@app/shared/enrollment-review";
import { certificateIssuedSuffix, resultCorrectedNote, resultNote } from "@app/shared/history-notes";
import {
  CLASS_NOT_FOUND,
  RESULT_CERTIFICATE_IN_FORCE,
  RESULT_NOT_IN_CLASS,
  RESULT_UNCHANGED,
  TEACHING_CLASS_NOT_YOURS,
} from "@app/shared/messages";
import {
  classNotStarted,
  type correctResultSchema,
  type IssuingNotices,
  type recordResultsSchema,
  resultAlreadyRecorded,
  resultRefused,
  TEACHING_STATUSES,
  type TeachingClass,
  type TeachingClassDetail,
} from "@app/shared/schemas/certificates";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { SessionInfo } from "../../auth/session";
import { type Config, isLoopbackBaseUrl } from "../../config";
import type { Database, Tx } from "../../db/client";
import { classes, courses, enrollments, teachers } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { MailQueue } from "../../mail/mail-queue";
import type { FileStorage } from "../../storage/storage";
import {
  currentCertificates,
  issueCertificate,
  issuedCertificateBody,
  withIssuing,
} from "../certificates/certificates.service";
import { ENROLLMENT_NOT_FOUND } from "../enrollments/enrollment-admin.queries";
import { recordEvent } from "../enrollments/enrollment-history";
import { getPassMark } from "../settings/pass-mark.service";
import type { Sms } from "../sms/sms-setup";

/** A professor sees only the classes whose teacher record is linked to their user (decision 021). */
const onlyOwnClasses = (session: SessionInfo) => session.staff?.role === "professor";

const DECIDED = sql<number>`count(*) filter (where ${enrollments.status} in ('completed', 'not_completed'))::int`;
const LISTED = sql<number>`count(${enrollments.id})::int`;

async function classRows(db: Database | Tx, where: { userId?: string; classId?: string }) {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      courseName: courses.name,
      teacherName: teachers.teacherName,
      startDate: classes.startDate,
      endDate: classes.endDate,
      status: classes.status,
      enrolledCount: LISTED,
      decidedCount: DECIDED,
    })
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .leftJoin(teachers, eq(teachers.id, classes.teacherId))
    .leftJoin(
      enrollments,
      and(eq(enrollments.classId, classes.id), inArray(enrollments.status, [...TEACHING_STATUSES])),
    )
    .where(
      and(
        where.userId ? eq(teachers.userId, where.userId) : undefined,
        where.classId ? eq(classes.id, where.classId) : undefined,
      ),
    )
    .groupBy(classes.id, courses.name, teachers.teacherName)
    .orderBy(desc(classes.startDate), asc(classes.name));
}

/** GET /admin/teaching/classes: a professor's own classes; every class for admin, secretaria and super_admin. */
export async function listTeachingClasses(db: Database, session: SessionInfo): Promise<TeachingClass[]> {
  return classRows(db, { userId: onlyOwnClasses(session) ? session.user!.id : undefined });
}

/** The class when the caller may grade it: 404 when it does not exist, 403 for another teacher's class. */
async function gradableClass(db: Database | Tx, session: SessionInfo, classId: string) {
  const [row] = await db
    .select({ c: classes, teacherUserId: teachers.userId })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.teacherId))
    .where(eq(classes.id, classId));
  if (!row) throw ApiError.of(404, CLASS_NOT_FOUND);
  if (onlyOwnClasses(session) && row.teacherUserId !== session.user!.id) {
    throw ApiError.of(403, TEACHING_CLASS_NOT_YOURS);
  }
  return row.c;
}

/**
 * What the teaching screen says before it issues a certificate (decision 049): the pass mark, and the
 * loopback BASE_URL every certificate would carry (null once BASE_URL is a public address).
 */
export async function issuingNotices(db: Database | Tx, config: Pick<Config, "baseUrl">): Promise<IssuingNotices> {
  return { passMark: await getPassMark(db), loopbackBaseUrl: isLoopbackBaseUrl(config) ? config.baseUrl : null };
}

async function classDetail(
  db: Database | Tx,
  config: Pick<Config, "baseUrl">,
  classId: string,
): Promise<TeachingClassDetail> {
  const [cls] = await classRows(db, { classId });
  const students = await db
    .select({
      enrollmentId: enrollments.id,
      studentName: enrollments.studentName,
      studentPhone: enrollments.studentPhone,
      status: enrollments.status,
      finalGrade: enrollments.finalGrade,
      resultAt: enrollments.resultAt,
    })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), inArray(enrollments.status, [...TEACHING_STATUSES])))
    .orderBy(asc(enrollments.studentName), asc(enrollments.id));
  const certs = await currentCertificates(
    db,
    students.map((s) => s.enrollmentId),
  );
  return {
    class: cls!,
    students: students.map((s) => {
      const cert = certs.get(s.enrollmentId);
      return {
        ...s,
        status: s.status as (typeof TEACHING_STATUSES)[number],
        resultAt: s.resultAt?.toISOString() ?? null,
        certificate: cert ? issuedCertificateBody(cert) : null,
      };
    }),
    issuing: await issuingNotices(db, config),
  };
}

/** GET /admin/teaching/classes/{classId}/students. */
export async function getTeachingClass(
  deps: { db: Database; config: Pick<Config, "baseUrl"> },
  session: SessionInfo,
  classId: string,
) {
  await gradableClass(deps.db, session, classId);
  return classDetail(deps.db, deps.config, classId);
}

/** With SMS on (decision 092), an issued certificate is told by SMS too. */
type ResultDeps = { db: Database; storage: FileStorage; config: Config; mail: MailQueue; sms?: Sms };

/** The completion a result dates: the earlier of the class's end and today (YYYY-MM-DD strings sort as dates). */
const completionDateOf = (classEndDate: string, today: string) => [classEndDate, today].sort()[0]!;

/** A certificate issued in a transaction, to tell its student by e-mail. */
type IssuedMail = { email: string; studentName: string; courseName: string; number: string };

/**
 * Each student with an e-mail is told their certificate is ready: one job per student, enqueued in the
 * transaction that issued the certificates (decision 056), so a whole class never waits on the mail server.
 */
async function enqueueIssuedCertificates(tx: Tx, deps: ResultDeps, issued: IssuedMail[]) {
  await deps.mail.enqueue(
    tx,
    issued.map((m) => ({
      to: m.email,
      subject: "Certificado emitido",
      text: [
        `Olá ${m.studentName},`,
        "",
        `Concluiu o curso «${m.courseName}». O seu certificado n.º ${m.number} já está disponível na sua área de aluno, em «Meus Certificados».`,
        `Qualquer pessoa pode confirmar a sua autenticidade em ${deps.config.baseUrl}/verificar/${m.number}`,
      ].join("\n"),
    })),
  );
}

/**
 * POST /admin/teaching/classes/{classId}/results, all or nothing in one transaction: the enrolments are
 * locked (in one order: no deadlock between two teachers), each must be enrolled in this class (409
 * naming the student when their result is already recorded; naming nobody for another class's student,
 * issue 21); completed issues the certificate (completion date: today in Luanda,
 * or the class's end date when that is earlier; issue date: today). Refused before the class starts.
 * Students with an e-mail are told their certificate is ready (enqueued in the same transaction).
 */
export async function recordResults(
  deps: ResultDeps,
  session: SessionInfo,
  classId: string,
  input: z.output<typeof recordResultsSchema>,
): Promise<TeachingClassDetail> {
  const actorUserId = session.user!.id;
  const today = todayInLuanda();
  const issued: IssuedMail[] = [];
  await withIssuing(
    deps,
    actorUserId,
    async (tx, ctx) => {
      const cls = await gradableClass(tx, session, classId);
      if (today < cls.startDate) throw ApiError.of(409, classNotStarted(cls.startDate));
      const ids = input.results.map((r) => r.enrollmentId);
      const locked = await tx
        .select()
        .from(enrollments)
        .where(inArray(enrollments.id, ids))
        .orderBy(asc(enrollments.id))
        .for("update");
      const byId = new Map(locked.map((e) => [e.id, e]));
      for (const r of input.results) {
        const e = byId.get(r.enrollmentId);
        // Another class's student is not named: this class's teacher has no business knowing who it is.
        if (!e || e.classId !== classId) throw ApiError.of(409, RESULT_NOT_IN_CLASS);
        if (!canDoEnrollmentAction("recordResult", e.status)) {
          throw ApiError.of(409, resultRefused(e.studentName, e.status));
        }
      }
      const [course] = await tx.select().from(courses).where(eq(courses.id, cls.courseId));
      const completionDate = completionDateOf(cls.endDate, today);
      for (const r of input.results) {
        const e = byId.get(r.enrollmentId)!;
        await tx
          .update(enrollments)
          .set({ status: r.outcome, finalGrade: r.finalGrade, resultAt: new Date(), resultBy: actorUserId })
          .where(eq(enrollments.id, e.id));
        let note = resultNote(r.outcome, r.finalGrade);
        if (r.outcome === "completed") {
          const cert = await issueCertificate(tx, ctx, {
            enrollment: e,
            course: course!,
            completionDate,
            issueDate: today,
          });
          const number = formatCertificateNumber(cert.certificateNumber);
          note += certificateIssuedSuffix(number);
          if (e.studentEmail)
            issued.push({ email: e.studentEmail, studentName: e.studentName, courseName: course!.name, number });
        }
        await recordEvent(tx, e.id, { actorUserId, fromStatus: e.status, toStatus: r.outcome, note });
      }
      await enqueueIssuedCertificates(tx, deps, issued);
    },
    () => ApiError.of(409, resultAlreadyRecorded()),
  );
  return classDetail(deps.db, deps.config, classId);
}

/**
 * POST /admin/teaching/enrollments/{enrollmentId}/result-correction (super_admin, admin, secretaria; decision
 * 027): a recorded result (completed or not_completed) entered by mistake gets another outcome and grade,
 * only while no certificate of the enrolment is in force (revoke it first), in one transaction with the
 * reason in History. A correction to 'Concluído' issues a new certificate as a result does, dated at the
 * completion of the certificate it follows, if any. A double click: the second meets the new state (409).
 */
export async function correctResult(
  deps: ResultDeps,
  actorUserId: string,
  enrollmentId: string,
  input: z.output<typeof correctResultSchema>,
): Promise<TeachingClassDetail> {
  const today = todayInLuanda();
  const issued: IssuedMail[] = [];
  const classId = await withIssuing(
    deps,
    actorUserId,
    async (tx, ctx) => {
      const [e] = await tx.select().from(enrollments).where(eq(enrollments.id, enrollmentId)).for("update");
      if (!e?.classId) throw ENROLLMENT_NOT_FOUND();
      if (!canDoEnrollmentAction("correctResult", e.status)) {
        throw ApiError.of(409, wrongStatus("correctResult", e.status));
      }
      const previous = (await currentCertificates(tx, [e.id])).get(e.id);
      if (previous && !previous.revokedAt) throw ApiError.of(409, RESULT_CERTIFICATE_IN_FORCE);
      if (e.status === input.outcome && e.finalGrade === input.finalGrade) throw ApiError.of(409, RESULT_UNCHANGED);
      await tx
        .update(enrollments)
        .set({ status: input.outcome, finalGrade: input.finalGrade, resultAt: new Date(), resultBy: actorUserId })
        .where(eq(enrollments.id, e.id));
      let note = resultCorrectedNote(
        { status: e.status, grade: e.finalGrade },
        { status: input.outcome, grade: input.finalGrade },
        input.reason,
      );
      if (input.outcome === "completed") {
        const [cls] = await tx.select().from(classes).where(eq(classes.id, e.classId));
        const [course] = await tx.select().from(courses).where(eq(courses.id, e.courseId));
        const cert = await issueCertificate(tx, ctx, {
          enrollment: e,
          course: course!,
          completionDate: previous?.completionDate ?? completionDateOf(cls!.endDate, today),
          issueDate: today,
          replacesCertificateId: previous?.id,
        });
        const number = formatCertificateNumber(cert.certificateNumber);
        note += certificateIssuedSuffix(number);
        if (e.studentEmail)
          issued.push({ email: e.studentEmail, studentName: e.studentName, courseName: course!.name, number });
      }
      await recordEvent(tx, e.id, { actorUserId, fromStatus: e.status, toStatus: input.outcome, note });
      await enqueueIssuedCertificates(tx, deps, issued);
      return e.classId;
    },
    () => ApiError.of(409, RESULT_CERTIFICATE_IN_FORCE),
  );
  return classDetail(deps.db, deps.config, classId);
}
