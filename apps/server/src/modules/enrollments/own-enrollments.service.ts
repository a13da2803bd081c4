import {
  DOCUMENT_REFUSAL_REASON_LABELS,
  ENROLLMENT_DOCUMENT_LABELS,
  STATUSES_WITH_REFERENCE,
} from "@app/shared/enrollment-review";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { courses, enrollmentDocumentRequests, enrollments } from "../../db/schema";
import { getBankDetails } from "../settings/settings.service";

/**
 * The student's own enrolments, newest first, with what /aluno/pagamento shows for each status: the
 * reference code and the bank details once approved, the reason once rejected, the refused documents
 * while a correction is asked. Only rows of `studentAccountId`: never another student's.
 */
export async function listOwnEnrollmentViews(db: Database, studentAccountId: string) {
  const rows = await db
    .select({
      id: enrollments.id,
      status: enrollments.status,
      courseName: courses.name,
      coursePrice: courses.price,
      paymentReferenceCode: enrollments.paymentReferenceCode,
      paymentReferenceSentAt: enrollments.paymentReferenceSentAt,
      applicationDate: enrollments.applicationDate,
      notes: enrollments.notes,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.studentAccountId, studentAccountId))
    .orderBy(desc(enrollments.applicationDate));

  const correcting = rows.filter((r) => r.status === "correction_requested").map((r) => r.id);
  const requests = correcting.length
    ? await db
        .select()
        .from(enrollmentDocumentRequests)
        .where(
          and(
            inArray(enrollmentDocumentRequests.enrollmentId, correcting),
            isNull(enrollmentDocumentRequests.resolvedAt),
          ),
        )
        .orderBy(asc(enrollmentDocumentRequests.requestedAt), asc(enrollmentDocumentRequests.document))
    : [];

  const withCode = (r: (typeof rows)[number]) => STATUSES_WITH_REFERENCE.includes(r.status) && r.paymentReferenceCode;
  const bankDetails = rows.some(withCode) ? await getBankDetails(db) : null;

  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    courseName: r.courseName,
    coursePrice: r.coursePrice,
    paymentReferenceCode: withCode(r) ? r.paymentReferenceCode : null,
    codeSent: r.paymentReferenceSentAt !== null,
    applicationDate: r.applicationDate.toISOString(),
    rejectionReason: r.status === "rejected" ? r.notes : null,
    documentRequests: requests
      .filter((q) => q.enrollmentId === r.id)
      .map((q) => ({
        id: q.id,
        document: q.document,
        documentLabel: ENROLLMENT_DOCUMENT_LABELS[q.document],
        reason: q.reason,
        reasonLabel: DOCUMENT_REFUSAL_REASON_LABELS[q.reason],
        note: q.note,
        requestedAt: q.requestedAt.toISOString(),
      })),
    bankDetails: withCode(r) ? bankDetails : null,
  }));
}
