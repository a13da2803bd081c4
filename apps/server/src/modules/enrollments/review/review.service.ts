import { approvalNote, correctionRequestedNote, WHATSAPP_SENT_NOTE } from "@app/shared/history-notes";
import { REFERENCE_CODE_TAKEN } from "@app/shared/messages";
import { referenceMessage, referenceMessageSubject } from "@app/shared/reference-message";
import type {
  approveEnrollmentSchema,
  rejectEnrollmentSchema,
  requestCorrectionSchema,
} from "@app/shared/schemas/enrollment-review";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../../db/client";
import { isUniqueViolation } from "../../../db/pg-errors";
import { courses, enrollmentDocumentRequests, enrollments } from "../../../db/schema";
import { ApiError } from "../../../http/errors";
import type { MailQueue } from "../../../mail/mail-queue";
import { queueReference } from "../../payment-references/queue-reference";
import type { PaymentReferences } from "../../payment-references/references-setup";
import { getBankDetails } from "../../settings/settings.service";
import type { Sms } from "../../sms/sms-setup";
import { queueApprovalSms, queueCorrectionSms } from "../../sms/student-sms";
import { getEnrollmentDetail } from "../enrollment-admin.queries";
import { type EnrollmentRow, lockForAction, recordEvent } from "../enrollment-history";

const REFERENCE_TAKEN = () => ApiError.onField(409, REFERENCE_CODE_TAKEN, "referenceCode");

export type ReferenceEmail = "queued" | "no_email";

/**
 * pre_inscrito → approved (SPEC §4): sets approval_date, approved_by, the reference code (unique) and
 * notes, with one event. When the student gave an e-mail, the code is enqueued in the same transaction
 * (decision 056): the answer never waits for the mail server, and a refused approval leaves no e-mail
 * behind. payment_reference_sent_at stays null until the code was sent (decision 084): that e-mail
 * delivered, or the WhatsApp message opened by staff. With Multicaixa references on, the job that creates one
 * is queued in the same transaction, valid `referenceValidDays` (default 7) from now.
 */
export async function approveEnrollment(
  deps: { db: Database; mail: MailQueue; references?: PaymentReferences; sms?: Sms },
  actorUserId: string,
  id: string,
  input: z.output<typeof approveEnrollmentSchema>,
) {
  const { db } = deps;
  const referenceEmail = await db
    .transaction(async (tx) => {
      const row = await lockForAction(tx, id, "approve");
      const [taken] = await tx
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.paymentReferenceCode, input.referenceCode), ne(enrollments.id, id)));
      if (taken) throw REFERENCE_TAKEN();
      const now = new Date();
      const [updated] = await tx
        .update(enrollments)
        .set({
          status: "approved",
          approvalDate: now,
          approvedBy: actorUserId,
          paymentReferenceCode: input.referenceCode,
          notes: input.notes,
        })
        .where(eq(enrollments.id, id))
        .returning();
      const note = approvalNote(input.referenceCode, input.notes);
      await recordEvent(tx, id, { actorUserId, fromStatus: row.status, toStatus: "approved", note });
      // Multicaixa references on (decision 075): one is created by the queue, never inside this request.
      if (deps.references) await queueReference(tx, deps.references, updated!, input.referenceValidDays);
      // With references on, the SMS waits for the reference (it carries it); without, it carries the IBAN.
      else await queueApprovalSms(tx, deps.sms, id);
      return enqueueReference(tx, deps.mail, updated!);
    })
    .catch((err: unknown) => {
      // Another enrolment took the same code between the check and the update.
      if (isUniqueViolation(err)) throw REFERENCE_TAKEN();
      throw err;
    });

  return { enrollment: await getEnrollmentDetail(db, id), referenceEmail };
}

async function enqueueReference(tx: Tx, mail: MailQueue, enrollment: EnrollmentRow): Promise<ReferenceEmail> {
  if (!enrollment.studentEmail || !enrollment.paymentReferenceCode) return "no_email";
  const [course] = await tx
    .select({ name: courses.name, price: courses.price })
    .from(courses)
    .where(eq(courses.id, enrollment.courseId));
  const input = {
    studentName: enrollment.studentName,
    courseName: course!.name,
    referenceCode: enrollment.paymentReferenceCode,
    amount: course!.price,
    institute: await getBankDetails(tx),
  };
  await mail.enqueue(tx, [
    {
      to: enrollment.studentEmail,
      subject: referenceMessageSubject(input),
      text: referenceMessage(input),
      delivered: { referenceCodeOf: enrollment.id },
    },
  ]);
  return "queued";
}

/** pre_inscrito or correction_requested → rejected; the reason is stored in notes, open requests close. */
export async function rejectEnrollment(
  db: Database,
  actorUserId: string,
  id: string,
  input: z.output<typeof rejectEnrollmentSchema>,
) {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, "reject");
    await tx.update(enrollments).set({ status: "rejected", notes: input.reason }).where(eq(enrollments.id, id));
    await closeOpenRequests(tx, id);
    await recordEvent(tx, id, { actorUserId, fromStatus: row.status, toStatus: "rejected", note: input.reason });
  });
  return getEnrollmentDetail(db, id);
}

async function closeOpenRequests(tx: Tx, enrollmentId: string) {
  await tx
    .update(enrollmentDocumentRequests)
    .set({ resolvedAt: new Date() })
    .where(
      and(eq(enrollmentDocumentRequests.enrollmentId, enrollmentId), isNull(enrollmentDocumentRequests.resolvedAt)),
    );
}

/**
 * pre_inscrito → correction_requested: one open request per refused document, and an event listing
 * them ('Correção pedida: Certificado de habilitações — Ilegível (…)').
 */
export async function requestCorrection(
  deps: { db: Database; sms?: Sms },
  actorUserId: string,
  id: string,
  input: z.output<typeof requestCorrectionSchema>,
) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, "requestCorrection");
    const requests = await tx
      .insert(enrollmentDocumentRequests)
      .values(
        input.documents.map((d) => ({
          enrollmentId: id,
          document: d.document,
          reason: d.reason,
          note: d.note,
          requestedBy: actorUserId,
        })),
      )
      .returning({ id: enrollmentDocumentRequests.id });
    await tx.update(enrollments).set({ status: "correction_requested" }).where(eq(enrollments.id, id));
    await recordEvent(tx, id, {
      actorUserId,
      fromStatus: row.status,
      toStatus: "correction_requested",
      note: correctionRequestedNote(input.documents),
    });
    const documents = input.documents.map((d) => d.document);
    await queueCorrectionSms(tx, deps.sms, id, requests[0]!.id, documents);
  });
  return getEnrollmentDetail(db, id);
}

/**
 * Records that staff opened the WhatsApp link with the code (approved or payment_pending; status kept);
 * the first time, the code counts as sent (decision 084).
 */
export async function recordWhatsappSent(db: Database, actorUserId: string, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, "whatsappSent");
    if (!row.paymentReferenceSentAt)
      await tx.update(enrollments).set({ paymentReferenceSentAt: new Date() }).where(eq(enrollments.id, id));
    await recordEvent(tx, id, {
      actorUserId,
      fromStatus: row.status,
      toStatus: row.status,
      kind: "whatsapp_sent",
      note: WHATSAPP_SENT_NOTE,
    });
  });
  return getEnrollmentDetail(db, id);
}
