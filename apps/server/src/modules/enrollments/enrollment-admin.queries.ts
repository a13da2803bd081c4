import type { ApplicationSource } from "@app/shared/application-source";
import { DOCUMENT_REFUSAL_REASON_LABELS, ENROLLMENT_DOCUMENT_LABELS } from "@app/shared/enrollment-review";
import { ENROLLMENT_STATUSES, enrollmentStatusLabel } from "@app/shared/enums";
import { ENROLLMENT_NOT_FOUND as NOT_FOUND } from "@app/shared/messages";
import type {
  AdminEnrollmentListQuery,
  AdminEnrollmentSort,
  EnrollmentCounts,
} from "@app/shared/schemas/enrollment-review";
import { type AnyColumn, and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../../db/client";
import { listAnswer, listOrder, pageWindow } from "../../db/lists";
import {
  authUser,
  classes,
  courses,
  enrollmentDocumentRequests,
  enrollmentEvents,
  enrollments,
  smsMessages,
  storedFiles,
} from "../../db/schema";
import { ApiError } from "../../http/errors";
import { enrollmentMatching } from "./enrollment-search";

export const ENROLLMENT_NOT_FOUND = () => ApiError.of(404, NOT_FOUND);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The enrolment's latest SMS failed or was refused (decision 094): one correlated lookup per row of the
 * same query (index sms_messages_enrollment_idx), so a page of 100 rows is still one query.
 */
const latestSmsUndelivered = sql<boolean>`coalesce((
  select ${smsMessages.status} in ('failed', 'refused') from ${smsMessages}
  where ${smsMessages.enrollmentId} = ${enrollments.id}
  order by ${smsMessages.createdAt} desc limit 1), false)`;

const rowSelection = {
  e: enrollments,
  courseName: courses.name,
  coursePrice: courses.price,
  className: classes.name,
  classSchedule: classes.schedule,
  smsUndelivered: latestSmsUndelivered,
};

type JoinedRow = {
  e: typeof enrollments.$inferSelect;
  courseName: string;
  coursePrice: number;
  className: string | null;
  smsUndelivered: boolean;
};

function rowBody({ e, courseName, coursePrice, className, smsUndelivered }: JoinedRow) {
  return {
    id: e.id,
    studentName: e.studentName,
    studentPhone: e.studentPhone,
    studentEmail: e.studentEmail,
    courseId: e.courseId,
    courseName,
    coursePrice,
    classId: e.classId,
    className,
    schedulePreference: e.schedulePreference,
    status: e.status,
    applicationDate: e.applicationDate.toISOString(),
    approvalDate: iso(e.approvalDate),
    paymentReferenceCode: e.paymentReferenceCode,
    codeSent: e.paymentReferenceSentAt !== null,
    source: e.source as ApplicationSource | null,
    smsUndelivered,
  };
}

/** The statuses in the order of their labels, so 'Estado' sorts as the table reads. */
const statusByLabel = sql`case ${enrollments.status} ${sql.raw(
  [...ENROLLMENT_STATUSES]
    .sort((a, b) => enrollmentStatusLabel(a).localeCompare(enrollmentStatusLabel(b), "pt"))
    .map((s, i) => `when '${s}' then ${i}`)
    .join(" "),
)} end`;

const SORTS: Record<AdminEnrollmentSort, AnyColumn | SQL> = {
  student: enrollments.studentNameKey,
  course: courses.nameKey,
  date: enrollments.applicationDate,
  status: statusByLabel,
};

/**
 * 'Inscrições' (decision 057): one page of the enrolments with course name and price and class name,
 * searched (student's name, phone, e-mail, reference code, course name), filtered by status, course and
 * source (decision 093),
 * newest application first unless a column is chosen; with the number of matching rows and the cards'
 * counts over every enrolment.
 */
export async function listEnrollments(db: Database, query: AdminEnrollmentListQuery) {
  const where = and(
    query.status ? eq(enrollments.status, query.status) : undefined,
    query.courseId ? eq(enrollments.courseId, query.courseId) : undefined,
    query.source ? eq(enrollments.source, query.source) : undefined,
    await enrollmentMatching(db, query.q, [
      enrollments.studentNameKey,
      enrollments.studentEmailKey,
      enrollments.paymentReferenceCodeKey,
    ]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [matching], byStatus] = await Promise.all([
    db
      .select(rowSelection)
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(classes, eq(classes.id, enrollments.classId))
      .where(where)
      .orderBy(...listOrder(query, SORTS, { by: enrollments.applicationDate, dir: "desc" }, enrollments.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(enrollments).where(where),
    db.select({ status: enrollments.status, n: count() }).from(enrollments).groupBy(enrollments.status),
  ]);
  const counts = Object.fromEntries([["total", 0], ...ENROLLMENT_STATUSES.map((s) => [s, 0])]) as EnrollmentCounts;
  for (const { status, n } of byStatus) {
    counts[status] = n;
    counts.total += n;
  }
  return { ...listAnswer(query, rows.map(rowBody), matching?.n ?? 0), counts };
}

const approver = alias(authUser, "approver");

/** One enrolment with everything the view dialog shows: fields, documents, correction requests, history. */
export async function getEnrollmentDetail(db: Database | Tx, id: string) {
  const [row] = await db
    .select({ ...rowSelection, approvedByName: approver.name })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(classes, eq(classes.id, enrollments.classId))
    .leftJoin(approver, eq(approver.id, enrollments.approvedBy))
    .where(eq(enrollments.id, id));
  if (!row) throw ENROLLMENT_NOT_FOUND();
  const { e } = row;

  const fileIds = {
    id_card_front: e.idCardFrontFileId,
    id_card_back: e.idCardBackFileId,
    certificate: e.certificateFileId,
  } as const;
  const present = Object.values(fileIds).filter((f): f is string => Boolean(f));
  const files = present.length
    ? await db
        .select({ id: storedFiles.id, contentType: storedFiles.contentType })
        .from(storedFiles)
        .where(inArray(storedFiles.id, present))
    : [];
  const documents = (Object.keys(fileIds) as (keyof typeof fileIds)[]).map((document) => {
    const file = files.find((f) => f.id === fileIds[document]);
    return {
      document,
      label: ENROLLMENT_DOCUMENT_LABELS[document],
      fileId: file?.id ?? null,
      contentType: file?.contentType ?? null,
    };
  });

  const requests = await db
    .select({ r: enrollmentDocumentRequests, requestedByName: authUser.name })
    .from(enrollmentDocumentRequests)
    .leftJoin(authUser, eq(authUser.id, enrollmentDocumentRequests.requestedBy))
    .where(eq(enrollmentDocumentRequests.enrollmentId, id))
    .orderBy(desc(enrollmentDocumentRequests.requestedAt), asc(enrollmentDocumentRequests.document));

  const events = await db
    .select({ ev: enrollmentEvents, actorName: authUser.name })
    .from(enrollmentEvents)
    .leftJoin(authUser, eq(authUser.id, enrollmentEvents.actorUserId))
    .where(eq(enrollmentEvents.enrollmentId, id))
    .orderBy(asc(enrollmentEvents.at), asc(enrollmentEvents.id));

  return {
    ...rowBody(row),
    studentAccountId: e.studentAccountId,
    birthDate: e.birthDate,
    fatherName: e.fatherName,
    motherName: e.motherName,
    nationality: e.nationality,
    birthPlace: e.birthPlace,
    province: e.province,
    municipality: e.municipality,
    neighborhood: e.neighborhood,
    qualification: e.qualification,
    trainingArea: e.trainingArea,
    classSchedule: row.classSchedule,
    approvedByName: row.approvedByName,
    paymentReferenceSentAt: iso(e.paymentReferenceSentAt),
    notes: e.notes,
    documents,
    documentRequests: requests.map(({ r, requestedByName }) => ({
      id: r.id,
      document: r.document,
      documentLabel: ENROLLMENT_DOCUMENT_LABELS[r.document],
      reason: r.reason,
      reasonLabel: DOCUMENT_REFUSAL_REASON_LABELS[r.reason],
      note: r.note,
      requestedByName,
      requestedAt: r.requestedAt.toISOString(),
      resolvedAt: iso(r.resolvedAt),
    })),
    events: events.map(({ ev, actorName }) => ({
      id: ev.id,
      at: ev.at.toISOString(),
      actorName,
      fromStatus: ev.fromStatus,
      toStatus: ev.toStatus,
      kind: ev.kind,
      note: ev.note,
    })),
  };
}
