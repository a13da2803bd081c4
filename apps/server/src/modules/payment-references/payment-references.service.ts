import type { OwnReference } from "@app/shared/contract/payment-references.schemas";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { ENROLLMENT_NOT_FOUND, REFERENCE_NOT_RENEWABLE, REFERENCES_OFF } from "@app/shared/messages";
import { multicaixaMessageSubject, referenceMessage } from "@app/shared/reference-message";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { courses, enrollments, paymentReferences } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Logger } from "../../logger";
import type { MailQueue } from "../../mail/mail-queue";
import { lockEnrollment } from "../payment-recording/record-payment";
import { getBankDetails } from "../settings/settings.service";
import type { Sms } from "../sms/sms-setup";
import { queueMulticaixaSms } from "../sms/student-sms";
import { dropReferences } from "./drop-references";
import { queueReference } from "./queue-reference";
import type { ReferenceJob } from "./reference-jobs";
import type { PaymentReferences } from "./references-setup";

/**
 * Issuing Multicaixa references (issue 26, decision 075): created through the queue at approval,
 * renewed, read by the student and staff. The provider's payments are received in
 * provider-payments.service.ts; finance settles the ones that did not apply in unmatched-payments.service.ts.
 */

export type ReferenceDeps = {
  db: Database;
  mail: MailQueue;
  baseUrl: string;
  log: Logger;
  references: PaymentReferences;
  /** SMS to students (decision 092) when on: the reference's SMS beside its e-mail. */
  sms?: Sms;
};

type ReferenceRow = typeof paymentReferences.$inferSelect;

/** The references of `deps`, or 409 'not available' when PROXYPAY_* are unset. */
export function referencesOn<D extends { references?: PaymentReferences }>(
  deps: D,
): D & { references: PaymentReferences } {
  if (!deps.references) throw ApiError.of(409, REFERENCES_OFF);
  return deps as D & { references: PaymentReferences };
}

/** The queue's worker: one provider call per job, retried by pg-boss when it throws. */
export async function runReferenceJob(deps: ReferenceDeps, job: ReferenceJob) {
  if (job.action === "delete") return deps.references.provider.deleteReference(job.reference);
  if (job.action === "acknowledge") return deps.references.provider.acknowledgePayment(job.providerPaymentId);
  return createAtProvider(deps, job.paymentReferenceId);
}

/**
 * 'creating' → 'active': a reference id from the provider (kept at once, so a retry puts the same one),
 * the reference put with its amount and end, then the student's e-mail with entity, reference, amount.
 * A row no longer 'creating' (renewed, deleted meanwhile) is left alone; its reference, if any, deleted.
 */
async function createAtProvider(deps: ReferenceDeps, id: string) {
  const { db, references } = deps;
  const { provider } = references;
  let [row] = await db.select().from(paymentReferences).where(eq(paymentReferences.id, id));
  if (row?.status !== "creating") return;
  if (!row.reference) {
    const reference = await provider.newReferenceId();
    await db
      .update(paymentReferences)
      .set({ reference })
      .where(and(eq(paymentReferences.id, id), sql`${paymentReferences.reference} is null`));
    [row] = await db.select().from(paymentReferences).where(eq(paymentReferences.id, id));
  }
  const reference = row!.reference!;
  await provider.putReference(reference, {
    amount: row!.amount,
    endsAt: row!.endsAt,
    customFields: { enrollment_id: row!.enrollmentId },
  });
  const stale = await db.transaction(async (tx) => {
    const [active] = await tx
      .update(paymentReferences)
      .set({ status: "active" })
      .where(and(eq(paymentReferences.id, id), eq(paymentReferences.status, "creating")))
      .returning();
    if (!active) return true;
    await enqueueReferenceEmail(tx, deps, active);
    await queueMulticaixaSms(tx, deps.sms, active);
    return false;
  });
  if (stale) await provider.deleteReference(reference);
}

/** The reference's own e-mail: the approval's message (decision 018) with the Multicaixa part first. */
async function enqueueReferenceEmail(tx: Tx, deps: ReferenceDeps, ref: ReferenceRow) {
  const [e] = await tx
    .select({
      studentName: enrollments.studentName,
      studentEmail: enrollments.studentEmail,
      referenceCode: enrollments.paymentReferenceCode,
      courseName: courses.name,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, ref.enrollmentId));
  if (!e?.studentEmail || !e.referenceCode) return;
  const text = referenceMessage({
    studentName: e.studentName,
    courseName: e.courseName,
    referenceCode: e.referenceCode,
    amount: ref.amount,
    institute: await getBankDetails(tx),
    multicaixa: { entity: ref.entity, reference: ref.reference!, amount: ref.amount, endsAt: ref.endsAt },
  });
  await deps.mail.enqueue(tx, [
    {
      to: e.studentEmail,
      subject: multicaixaMessageSubject(e.courseName),
      text,
      // It carries the transfer's reference code too (decision 077): delivered, the code counts as sent.
      delivered: { referenceCodeOf: ref.enrollmentId },
    },
  ]);
}

function toOwn(ref: ReferenceRow, courseName: string): OwnReference {
  return {
    enrollmentId: ref.enrollmentId,
    courseName,
    entity: ref.reference ? ref.entity : null,
    reference: ref.reference,
    amount: ref.amount,
    endsAt: ref.endsAt.toISOString(),
    status: ref.status,
    expired: ref.status !== "paid" && ref.endsAt.getTime() < Date.now(),
  };
}

/** GET /me/payment-references: the student's current references (not replaced or deleted), newest first. */
export async function listOwnReferences(db: Database, studentAccountId: string): Promise<OwnReference[]> {
  const rows = await db
    .select({ ref: paymentReferences, courseName: courses.name })
    .from(paymentReferences)
    .innerJoin(enrollments, eq(enrollments.id, paymentReferences.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(
      and(
        eq(enrollments.studentAccountId, studentAccountId),
        inArray(paymentReferences.status, ["creating", "active", "paid"]),
      ),
    )
    .orderBy(desc(paymentReferences.createdAt));
  return rows.map((r) => toOwn(r.ref, r.courseName));
}

/**
 * GET /admin/payment-references/{enrollmentId}: the enrolment's live reference ('creating' or 'active'),
 * newest, for the staff's WhatsApp text; null when it has none or references are off. 404 if no enrolment.
 */
export async function liveReference(
  deps: { db: Database; references?: PaymentReferences },
  enrollmentId: string,
): Promise<OwnReference | null> {
  const [found] = await deps.db
    .select({ courseName: courses.name })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, enrollmentId));
  if (!found) throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
  if (!deps.references) return null;
  const [ref] = await deps.db
    .select()
    .from(paymentReferences)
    .where(
      and(eq(paymentReferences.enrollmentId, enrollmentId), inArray(paymentReferences.status, ["creating", "active"])),
    )
    .orderBy(desc(paymentReferences.createdAt))
    .limit(1);
  return ref ? toOwn(ref, found.courseName) : null;
}

/**
 * A new reference for an enrolment still awaiting payment: the current one is replaced (deleted at the
 * provider) and a new one queued. A student may renew only their own, and only once it has expired (or
 * when it has none); staff may renew at any time. 409 otherwise, and nothing changes.
 */
export async function renewReference(
  deps: { db: Database; references?: PaymentReferences },
  enrollmentId: string,
  options: { studentAccountId?: string; validDays?: number },
): Promise<OwnReference> {
  const { db, references } = referencesOn(deps);
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    if (!found || (options.studentAccountId && found.studentAccountId !== options.studentAccountId)) {
      throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
    }
    const enrollment = await lockEnrollment(tx, enrollmentId);
    if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) throw ApiError.of(409, REFERENCE_NOT_RENEWABLE);
    const [current] = await tx
      .select()
      .from(paymentReferences)
      .where(and(eq(paymentReferences.enrollmentId, enrollmentId), ne(paymentReferences.status, "deleted")))
      .orderBy(desc(paymentReferences.createdAt))
      .limit(1);
    if (current?.status === "paid") throw ApiError.of(409, REFERENCE_NOT_RENEWABLE);
    const stillValid = current && current.endsAt.getTime() > Date.now() && current.status !== "replaced";
    if (options.studentAccountId && stillValid) throw ApiError.of(409, REFERENCE_NOT_RENEWABLE);
    await dropReferences(tx, references, enrollmentId);
    const row = await queueReference(tx, references, enrollment, options.validDays);
    const [course] = await tx.select({ name: courses.name }).from(courses).where(eq(courses.id, enrollment.courseId));
    return toOwn(row, course!.name);
  });
}
