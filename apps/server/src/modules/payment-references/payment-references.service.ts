import type {
  OwnReference,
  UnmatchedNotification,
  unmatchedQuerySchema,
} from "@app/shared/contract/payment-references.schemas";
import { todayInLuanda } from "@app/shared/dates";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { REFERENCE_PAYMENT_METHOD } from "@app/shared/enums";
import { referencePaidNote, referencePaymentArchivedNote, referencePaymentNotes } from "@app/shared/history-notes";
import {
  ENROLLMENT_NOT_FOUND,
  REFERENCE_NOT_RENEWABLE,
  REFERENCE_PAYMENT_NOT_FOUND,
  REFERENCE_PAYMENT_SETTLED,
  REFERENCES_OFF,
} from "@app/shared/messages";
import { multicaixaMessageSubject, referenceMessage } from "@app/shared/reference-message";
import { REFERENCE_DEFAULT_DAYS } from "@app/shared/schemas/enrollment-review";
import type { z } from "@app/shared/zod";
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../../db/client";
import { listAnswer, listOrder, normalised, pageWindow, searchCondition } from "../../db/lists";
import {
  authUser,
  courses,
  enrollments,
  paymentReferences,
  payments,
  referencePaymentNotifications,
} from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Logger } from "../../logger";
import type { MailQueue } from "../../mail/mail-queue";
import type { PaymentReferences } from "../../payment-references/payment-references";
import { amountCents, type ProviderPayment } from "../../payment-references/provider";
import type { ReferenceJob } from "../../payment-references/reference-jobs";
import { recordEvent } from "../enrollments/enrollment-history";
import { referencePaidEmail } from "../receipts/receipt-emails";
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
type UnmatchedQuery = z.output<typeof unmatchedQuerySchema>;
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
  await deps.mail.enqueue(tx, [{ to: e.studentEmail, subject: multicaixaMessageSubject(e.courseName), text }]);
}

export type NotificationOutcome = (typeof referencePaymentNotifications.$inferSelect)["outcome"] | "duplicate";

/**
 * A payment the provider reported (webhook or poll), applied exactly once: the notification row goes in
 * first under the unique (provider, payment id) index, so a repeated or concurrent one waits for this
 * transaction and then finds it ('duplicate', nothing changes). Ours and of the right amount, on an
 * enrolment (locked) still awaiting payment: the payment is recorded by the receipt approval's service
 * ('Multicaixa'), the student enrolled, the e-mail queued. Otherwise it stays in finance's list. The
 * acknowledgement is a job of this transaction: it reaches the provider only after the commit, and never
 * makes the webhook or the poll wait (a lost one is harmless: the payment comes back as a duplicate).
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
    await references.jobs.enqueue(tx, [{ action: "acknowledge", providerPaymentId: payment.id }]);
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
      notes: referencePaymentNotes(ref.entity, ref.reference!),
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
  return outcome;
}

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

const resolver = alias(authUser, "resolver");
const appliedPayment = alias(payments, "applied_payment");
const appliedEnrollment = alias(enrollments, "applied_enrollment");

const UNMATCHED_SORTABLE = {
  paidAt: referencePaymentNotifications.paidAt,
  amount: referencePaymentNotifications.amount,
  reference: referencePaymentNotifications.reference,
};

/** Which notifications a state is: open (not applied by itself, not settled), archived, applied by hand. */
function stateCondition(state: UnmatchedQuery["state"]): SQL {
  const n = referencePaymentNotifications;
  if (state === "open") return and(ne(n.outcome, "applied"), isNull(n.resolution))!;
  return eq(n.resolution, state);
}

function selectUnmatched(db: Database | Tx) {
  return db
    .select({
      n: referencePaymentNotifications,
      enrollmentId: paymentReferences.enrollmentId,
      expectedAmount: paymentReferences.amount,
      studentName: enrollments.studentName,
      resolvedByName: resolver.name,
      appliedEnrollmentId: appliedEnrollment.id,
      appliedStudentName: appliedEnrollment.studentName,
    })
    .from(referencePaymentNotifications)
    .leftJoin(paymentReferences, eq(paymentReferences.id, referencePaymentNotifications.paymentReferenceId))
    .leftJoin(enrollments, eq(enrollments.id, paymentReferences.enrollmentId))
    .leftJoin(resolver, eq(resolver.id, referencePaymentNotifications.resolvedBy))
    .leftJoin(appliedPayment, eq(appliedPayment.id, referencePaymentNotifications.paymentId))
    .leftJoin(appliedEnrollment, eq(appliedEnrollment.id, appliedPayment.enrollmentId));
}

type UnmatchedRow = Awaited<ReturnType<ReturnType<typeof selectUnmatched>["execute"]>>[number];

function toUnmatched({ n, ...r }: UnmatchedRow): UnmatchedNotification {
  return {
    id: n.id,
    providerPaymentId: n.providerPaymentId,
    entity: n.entity,
    reference: n.reference,
    amount: n.amount,
    paidAt: n.paidAt.toISOString(),
    receivedAt: n.receivedAt.toISOString(),
    outcome: n.outcome,
    enrollmentId: r.enrollmentId,
    studentName: r.studentName,
    expectedAmount: r.expectedAmount,
    resolution: n.resolution,
    resolvedAt: n.resolvedAt?.toISOString() ?? null,
    resolvedByName: r.resolvedByName,
    resolutionNote: n.resolutionNote,
    appliedEnrollmentId: n.resolution === "applied" ? r.appliedEnrollmentId : null,
    appliedStudentName: n.resolution === "applied" ? r.appliedStudentName : null,
  };
}

/**
 * 'Pagamentos por referência' (decision 077): one page of the notifications in `state` (open: not
 * applied by themselves and not settled by finance), searched by reference or student, newest first.
 */
export async function listUnmatched(db: Database, query: UnmatchedQuery) {
  const search = searchCondition(query.q, [
    referencePaymentNotifications.reference,
    normalised(enrollments.studentName),
    normalised(appliedEnrollment.studentName),
  ]);
  const where = and(stateCondition(query.state), search);
  const order = listOrder(
    query,
    UNMATCHED_SORTABLE,
    { by: referencePaymentNotifications.paidAt, dir: "desc" },
    referencePaymentNotifications.id,
  );
  const { limit, offset } = pageWindow(query);
  const n = referencePaymentNotifications;
  const [rows, [count], [counts]] = await Promise.all([
    selectUnmatched(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(referencePaymentNotifications)
      .leftJoin(paymentReferences, eq(paymentReferences.id, referencePaymentNotifications.paymentReferenceId))
      .leftJoin(enrollments, eq(enrollments.id, paymentReferences.enrollmentId))
      .leftJoin(appliedPayment, eq(appliedPayment.id, referencePaymentNotifications.paymentId))
      .leftJoin(appliedEnrollment, eq(appliedEnrollment.id, appliedPayment.enrollmentId))
      .where(where),
    db
      .select({
        open: sql<number>`(count(*) filter (where ${n.outcome} <> 'applied' and ${n.resolution} is null))::int`,
        archived: sql<number>`(count(*) filter (where ${n.resolution} = 'archived'))::int`,
        applied: sql<number>`(count(*) filter (where ${n.resolution} = 'applied'))::int`,
      })
      .from(n),
  ]);
  return { ...listAnswer(query, rows.map(toUnmatched), count?.total ?? 0), counts: counts! };
}

/** Locks a notification finance may still settle: 404 if none, 409 if applied (by itself or by hand) or archived. */
async function lockOpenNotification(tx: Tx, id: string) {
  const [n] = await tx
    .select()
    .from(referencePaymentNotifications)
    .where(eq(referencePaymentNotifications.id, id))
    .for("update");
  if (!n) throw ApiError.of(404, REFERENCE_PAYMENT_NOT_FOUND);
  if (n.outcome === "applied" || n.resolution) throw ApiError.of(409, REFERENCE_PAYMENT_SETTLED);
  return n;
}

async function readUnmatched(tx: Tx, id: string) {
  const [row] = await selectUnmatched(tx).where(eq(referencePaymentNotifications.id, id));
  return toUnmatched(row!);
}

/**
 * 'Aplicar à inscrição' (decision 077), in one transaction: the notification locked (a double click or a
 * second finance user waits here, then meets it settled: 409), the enrolment locked and still awaiting
 * payment (409 otherwise), the payment recorded as paid ('Multicaixa', the amount paid) by the same
 * service as every other payment, History with who did it, the notification marked applied by whom.
 */
export async function applyUnmatched(
  deps: Omit<ReferenceDeps, "log" | "references"> & { references?: PaymentReferences },
  actorUserId: string,
  id: string,
  enrollmentId: string,
): Promise<UnmatchedNotification> {
  return deps.db.transaction(async (tx) => {
    const n = await lockOpenNotification(tx, id);
    const [exists] = await tx.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.id, enrollmentId));
    if (!exists) throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
    const enrollment = await lockEnrollment(tx, enrollmentId);
    const { paymentId } = await recordTransferPayment(tx, deps, actorUserId, enrollment, {
      amount: n.amount,
      paymentDate: todayInLuanda(n.paidAt),
      referenceCode: enrollment.paymentReferenceCode,
      method: REFERENCE_PAYMENT_METHOD,
      notes: referencePaymentNotes(n.entity, n.reference, true),
      historyNote: referencePaidNote(n.amount, true),
      email: referencePaidEmail,
    });
    await tx
      .update(referencePaymentNotifications)
      .set({ resolution: "applied", paymentId, resolvedBy: actorUserId, resolvedAt: new Date() })
      .where(eq(referencePaymentNotifications.id, id));
    return readUnmatched(tx, id);
  });
}

/**
 * 'Arquivar' (decision 077): a reason required (e.g. refunded to the payer); the row leaves the open
 * list and is kept for audit. When the reference was an enrolment's, its History says so.
 */
export async function archiveUnmatched(
  db: Database,
  actorUserId: string,
  id: string,
  reason: string,
): Promise<UnmatchedNotification> {
  return db.transaction(async (tx) => {
    const n = await lockOpenNotification(tx, id);
    await tx
      .update(referencePaymentNotifications)
      .set({ resolution: "archived", resolutionNote: reason, resolvedBy: actorUserId, resolvedAt: new Date() })
      .where(eq(referencePaymentNotifications.id, id));
    const [ref] = n.paymentReferenceId
      ? await tx
          .select({ enrollmentId: paymentReferences.enrollmentId })
          .from(paymentReferences)
          .where(eq(paymentReferences.id, n.paymentReferenceId))
      : [];
    if (ref) {
      const enrollment = await lockEnrollment(tx, ref.enrollmentId);
      await recordEvent(tx, ref.enrollmentId, {
        actorUserId,
        fromStatus: enrollment.status,
        toStatus: enrollment.status,
        note: referencePaymentArchivedNote(n.amount, reason),
      });
    }
    return readUnmatched(tx, id);
  });
}
