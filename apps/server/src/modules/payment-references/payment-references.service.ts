import type { OwnReference } from "@app/shared/contract/payment-references.schemas";
import { todayInLuanda } from "@app/shared/dates";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { PAYMENT_METHOD_LABELS, REFERENCE_PAYMENT_METHOD } from "@app/shared/enums";
import { receiptApprovedNote } from "@app/shared/history-notes";
import { ENROLLMENT_NOT_FOUND, REFERENCE_NOT_RENEWABLE, REFERENCES_OFF } from "@app/shared/messages";
import { formatReference } from "@app/shared/money";
import { REFERENCE_DEFAULT_DAYS } from "@app/shared/schemas/enrollment-review";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { courses, enrollments, paymentReferences, referencePaymentNotifications } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Logger } from "../../logger";
import type { MailQueue } from "../../mail/mail-queue";
import type { PaymentReferences } from "../../payment-references/payment-references";
import { amountCents, type ProviderPayment } from "../../payment-references/provider";
import type { ReferenceJob } from "../../payment-references/reference-jobs";
import { referencePaidEmail, referenceToPayEmail } from "../receipts/receipt-emails";
import { lockEnrollment, recordTransferPayment } from "../receipts/receipts.service";
import { getBankDetails } from "../settings/settings.service";
import { dropReferences } from "./drop-references";

/** Multicaixa references (issue 26, decision 075): issue, notify, poll, renew, and finance's list. */

export type ReferenceDeps = {
  db: Database;
  mail: MailQueue;
  baseUrl: string;
  log: Logger;
  references: PaymentReferences;
};

type ReferenceRow = typeof paymentReferences.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
const cents = (amount: number) => Math.round(amount * 100);

/** The references of `deps`, or 409 'not available' when PROXYPAY_* are unset. */
export function referencesOn<D extends { references?: PaymentReferences }>(
  deps: D,
): D & { references: PaymentReferences } {
  if (!deps.references) throw ApiError.of(409, REFERENCES_OFF);
  return deps as D & { references: PaymentReferences };
}

/**
 * In the caller's transaction (an approval, a renewal): a reference row 'creating' for the course's price,
 * valid `validDays` from now, and the job that gets it from the provider. The request never waits on it.
 */
export async function queueReference(
  tx: Tx,
  references: PaymentReferences,
  enrollment: { id: string; courseId: string },
  validDays = REFERENCE_DEFAULT_DAYS,
): Promise<ReferenceRow> {
  const [course] = await tx.select({ price: courses.price }).from(courses).where(eq(courses.id, enrollment.courseId));
  const [row] = await tx
    .insert(paymentReferences)
    .values({
      enrollmentId: enrollment.id,
      entity: references.provider.entity,
      amount: course!.price,
      endsAt: new Date(Date.now() + validDays * DAY_MS),
    })
    .returning();
  await references.jobs.enqueue(tx, [{ action: "create", paymentReferenceId: row!.id }]);
  return row!;
}

/** The queue's worker: one provider call per job, retried by pg-boss when it throws. */
export async function runReferenceJob(deps: ReferenceDeps, job: ReferenceJob) {
  if (job.action === "delete") return deps.references.provider.deleteReference(job.reference);
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
    return false;
  });
  if (stale) await provider.deleteReference(reference);
}

async function enqueueReferenceEmail(tx: Tx, deps: ReferenceDeps, ref: ReferenceRow) {
  const [e] = await tx
    .select({ studentName: enrollments.studentName, studentEmail: enrollments.studentEmail, courseName: courses.name })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, ref.enrollmentId));
  if (!e?.studentEmail) return;
  const message = referenceToPayEmail({
    studentName: e.studentName,
    courseName: e.courseName,
    paidAmount: ref.amount,
    institute: await getBankDetails(tx),
    baseUrl: deps.baseUrl,
    entity: ref.entity,
    reference: ref.reference!,
    endsAt: ref.endsAt,
  });
  await deps.mail.enqueue(tx, [{ to: e.studentEmail, ...message }]);
}

export type NotificationOutcome = (typeof referencePaymentNotifications.$inferSelect)["outcome"] | "duplicate";

/**
 * A payment the provider reported (webhook or poll), applied exactly once: the notification row goes in
 * first under the unique (provider, payment id) index, so a repeated or concurrent one waits for this
 * transaction and then finds it ('duplicate', nothing changes). Ours and of the right amount, on an
 * enrolment (locked) still awaiting payment: the payment is recorded by the receipt approval's service
 * ('Multicaixa'), the student enrolled, the e-mail queued. Otherwise it stays in finance's list. The
 * provider is acknowledged only after the commit (a failed acknowledgement is harmless: a duplicate).
 */
export async function applyNotification(deps: ReferenceDeps, payment: ProviderPayment, raw: unknown) {
  const { db, references, log } = deps;
  const paidCents = amountCents(payment.amount);
  const entity = payment.entityId || references.provider.entity;
  const outcome: NotificationOutcome = await db.transaction(async (tx) => {
    const [note] = await tx
      .insert(referencePaymentNotifications)
      .values({
        providerPaymentId: payment.id,
        entity,
        reference: payment.referenceId,
        amount: (paidCents ?? 0) / 100,
        paidAt: validDate(payment.datetime),
        outcome: "unknown_reference",
        raw: raw as object,
      })
      .onConflictDoNothing()
      .returning({ id: referencePaymentNotifications.id });
    if (!note) return "duplicate";
    const settle = (set: Partial<typeof referencePaymentNotifications.$inferInsert>) =>
      tx.update(referencePaymentNotifications).set(set).where(eq(referencePaymentNotifications.id, note.id));

    const [ref] = await tx
      .select()
      .from(paymentReferences)
      .where(and(eq(paymentReferences.entity, entity), eq(paymentReferences.reference, payment.referenceId)))
      .for("update");
    if (!ref) return "unknown_reference";
    if (paidCents === null || paidCents !== cents(ref.amount)) {
      await settle({ outcome: "wrong_amount", paymentReferenceId: ref.id });
      return "wrong_amount";
    }
    const enrollment = await lockEnrollment(tx, ref.enrollmentId);
    if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) {
      await settle({ outcome: "not_payable", paymentReferenceId: ref.id });
      return "not_payable";
    }
    const paymentDate = todayInLuanda(validDate(payment.datetime));
    const { paymentId } = await recordTransferPayment(tx, deps, null, enrollment, {
      amount: ref.amount,
      paymentDate,
      referenceCode: enrollment.paymentReferenceCode,
      method: REFERENCE_PAYMENT_METHOD,
      notes: `Referência Multicaixa: entidade ${ref.entity}, referência ${formatReference(ref.reference!)}`,
      historyNote: referencePaidNote(ref.amount),
      email: referencePaidEmail,
    });
    await tx
      .update(paymentReferences)
      .set({ status: "paid", paidAt: new Date() })
      .where(eq(paymentReferences.id, ref.id));
    await settle({ outcome: "applied", paymentReferenceId: ref.id, paymentId });
    return "applied";
  });
  log.info(
    { providerPaymentId: payment.id, reference: payment.referenceId, outcome },
    "reference payment notification",
  );
  try {
    await references.provider.acknowledgePayment(payment.id);
  } catch (err) {
    log.warn({ providerPaymentId: payment.id, error: (err as Error).message }, "reference payment not acknowledged");
  }
  return outcome;
}

const referencePaidNote = (amount: number) =>
  receiptApprovedNote(amount, PAYMENT_METHOD_LABELS.multicaixa).replace("Comprovante aprovado", "Pago por referência");

function validDate(value: string): Date {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? new Date() : d;
}

/** Key of the advisory lock that keeps polling to one instance at a time (decision 064). */
const POLL_LOCK_KEY = 7_526_026;

/**
 * The payments whose webhook was lost: GET /payments, each applied (or found a duplicate) and then
 * acknowledged. One instance at a time (an advisory lock held by this transaction); the others skip.
 */
export async function pollPayments(deps: ReferenceDeps): Promise<number | "busy"> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(sql`select pg_try_advisory_xact_lock(${POLL_LOCK_KEY}) as got`);
    if (!rows[0]?.got) return "busy";
    const pending = await deps.references.provider.listPayments();
    for (const payment of pending) await applyNotification(deps, payment, payment);
    return pending.length;
  });
}

/** Every minute while the server runs (and once at start); errors are logged, the next tick tries again. */
export function schedulePolling(deps: ReferenceDeps, everyMs = 60_000) {
  const tick = () =>
    pollPayments(deps).catch((err: Error) => deps.log.warn({ error: err.message }, "reference payments poll failed"));
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
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

/** 'Pagamentos por referência': the notifications not applied, newest first (at most 500). */
export async function listUnmatched(db: Database) {
  const rows = await db
    .select({
      n: referencePaymentNotifications,
      enrollmentId: paymentReferences.enrollmentId,
      expectedAmount: paymentReferences.amount,
      studentName: enrollments.studentName,
    })
    .from(referencePaymentNotifications)
    .leftJoin(paymentReferences, eq(paymentReferences.id, referencePaymentNotifications.paymentReferenceId))
    .leftJoin(enrollments, eq(enrollments.id, paymentReferences.enrollmentId))
    .where(ne(referencePaymentNotifications.outcome, "applied"))
    .orderBy(desc(referencePaymentNotifications.receivedAt))
    .limit(500);
  return rows.map(({ n, ...r }) => ({
    id: n.id,
    providerPaymentId: n.providerPaymentId,
    entity: n.entity,
    reference: n.reference,
    amount: n.amount,
    paidAt: n.paidAt.toISOString(),
    receivedAt: n.receivedAt.toISOString(),
    outcome: n.outcome as Exclude<typeof n.outcome, "applied">,
    enrollmentId: r.enrollmentId,
    studentName: r.studentName,
    expectedAmount: r.expectedAmount,
  }));
}
