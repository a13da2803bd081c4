import {
  DOCUMENT_REFUSAL_REASON_LABELS,
  ENROLLMENT_DOCUMENT_LABELS,
  STATUSES_WITH_REFERENCE,
} from "@app/shared/enrollment-review";
import { balanceOf } from "@app/shared/payment-balance";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { courses, enrollmentDocumentRequests, enrollments } from "../../db/schema";
import { receivedPayments } from "../payment-recording/balance";
import { getBankDetails } from "../settings/settings.service";

/**
 * The student's own enrolments, newest first, with what /aluno/pagamento shows for each status: the
 * reference code and the bank details once approved, the reason once rejected, the refused documents
 * while a correction is asked, the payments received and what is still owed. Only rows of
 * `studentAccountId`: never another student's.
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

  // Every payment received, whatever the way it came (decision 083): what was paid, when, and what is owed.
  const received = await receivedPayments(
    db,
    rows.map((r) => r.id),
  );

  const withCode = (r: (typeof rows)[number]) => STATUSES_WITH_REFERENCE.includes(r.status) && r.paymentReferenceCode;
  const bankDetails = rows.some(withCode) ? await getBankDetails(db) : null;

  return rows.map((r) => {
    const own = received.filter((p) => p.enrollmentId === r.id);
    const { paid, balance } = balanceOf(
      r.coursePrice,
      own.reduce((sum, p) => sum + p.amount, 0),
    );
    return {
      id: r.id,
      status: r.status,
      courseName: r.courseName,
      coursePrice: r.coursePrice,
      amountPaid: paid,
      balance,
      payments: own.map(({ enrollmentId: _, ...p }) => p),
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
    };
  });
}
