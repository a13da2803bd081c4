import { ENROLLMENT_DOCUMENT_LABELS, type EnrollmentDocumentKind } from "@app/shared/enrollment-review";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { classes, courses, enrollments } from "../../db/schema";
import { getBankDetails } from "../settings/settings.service";
import { queueSms } from "./queue-sms";
import type { Sms } from "./sms-setup";
import {
  approvalSms,
  certificateSms,
  correctionSms,
  enrolledSms,
  multicaixaSms,
  receiptRejectedSms,
} from "./templates";

/**
 * The SMS each step sends the student (decision 092), queued in that step's transaction beside its
 * e-mail. Each key names the event, so the step retried or repeated sends one SMS.
 */

async function enrollmentFacts(tx: Tx, enrollmentId: string) {
  const [row] = await tx
    .select({
      phone: enrollments.studentPhone,
      code: enrollments.paymentReferenceCode,
      courseName: courses.name,
      price: courses.price,
      className: classes.name,
      startDate: classes.startDate,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(classes, eq(classes.id, enrollments.classId))
    .where(eq(enrollments.id, enrollmentId));
  return row!;
}

/** Approved, paying by transfer (references off): the code, the amount and the IBAN, once per enrolment. */
export async function queueApprovalSms(tx: Tx, sms: Sms | undefined, enrollmentId: string) {
  if (!sms) return;
  const e = await enrollmentFacts(tx, enrollmentId);
  if (!e.code) return;
  const { iban } = await getBankDetails(tx);
  await queueSms(tx, sms, {
    key: `approval:${enrollmentId}`,
    enrollmentId,
    phone: e.phone,
    template: "approval",
    body: approvalSms({ courseName: e.courseName, referenceCode: e.code, amount: e.price, iban }),
  });
}

/** A Multicaixa reference ready: entity, reference, amount, end, and the transfer's code. */
export async function queueMulticaixaSms(
  tx: Tx,
  sms: Sms | undefined,
  ref: { id: string; enrollmentId: string; entity: string; reference: string | null; amount: number; endsAt: Date },
) {
  if (!sms || !ref.reference) return;
  const e = await enrollmentFacts(tx, ref.enrollmentId);
  await queueSms(tx, sms, {
    key: `multicaixa:${ref.id}`,
    enrollmentId: ref.enrollmentId,
    phone: e.phone,
    template: "multicaixa",
    body: multicaixaSms({
      courseName: e.courseName,
      referenceCode: e.code ?? "",
      entity: ref.entity,
      reference: ref.reference,
      amount: ref.amount,
      endsAt: ref.endsAt,
    }),
  });
}

/** Documents to send again; `requestId` names this request (one of its rows). */
export async function queueCorrectionSms(
  tx: Tx,
  sms: Sms | undefined,
  enrollmentId: string,
  requestId: string,
  documents: EnrollmentDocumentKind[],
) {
  if (!sms) return;
  const e = await enrollmentFacts(tx, enrollmentId);
  await queueSms(tx, sms, {
    key: `correction:${requestId}`,
    enrollmentId,
    phone: e.phone,
    template: "correction",
    body: correctionSms({ courseName: e.courseName, documents: documents.map((d) => ENROLLMENT_DOCUMENT_LABELS[d]) }),
  });
}

export async function queueReceiptRejectedSms(
  tx: Tx,
  sms: Sms | undefined,
  enrollmentId: string,
  receiptId: string,
  reason: string,
) {
  if (!sms) return;
  const e = await enrollmentFacts(tx, enrollmentId);
  await queueSms(tx, sms, {
    key: `receipt_rejected:${receiptId}`,
    enrollmentId,
    phone: e.phone,
    template: "receipt_rejected",
    body: receiptRejectedSms({ courseName: e.courseName, reason }),
  });
}

/** Paid and enrolled (once per enrolment): the class and its start. */
export async function queueEnrolledSms(tx: Tx, sms: Sms | undefined, enrollmentId: string) {
  if (!sms) return;
  const e = await enrollmentFacts(tx, enrollmentId);
  await queueSms(tx, sms, {
    key: `enrolled:${enrollmentId}`,
    enrollmentId,
    phone: e.phone,
    template: "enrolled",
    body: enrolledSms({ courseName: e.courseName, className: e.className, startDate: e.startDate }),
  });
}

export async function queueCertificateSms(
  tx: Tx,
  sms: Sms | undefined,
  enrollmentId: string,
  certificateId: string,
  verifyUrl: string,
) {
  if (!sms) return;
  const e = await enrollmentFacts(tx, enrollmentId);
  await queueSms(tx, sms, {
    key: `certificate:${certificateId}`,
    enrollmentId,
    phone: e.phone,
    template: "certificate",
    body: certificateSms({ courseName: e.courseName, verifyUrl }),
  });
}
