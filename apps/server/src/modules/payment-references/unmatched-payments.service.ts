import type {
  applyNotificationSchema,
  UnmatchedNotification,
  unmatchedQuerySchema,
} from "@app/shared/contract/payment-references.schemas";
import { todayInLuanda } from "@app/shared/dates";
import { REFERENCE_PAYMENT_METHOD } from "@app/shared/enums";
import { referencePaidNote, referencePaymentArchivedNote, referencePaymentNotes } from "@app/shared/history-notes";
import {
  ENROLLMENT_NOT_FOUND,
  REFERENCE_PAYMENT_NOT_FOUND,
  REFERENCE_PAYMENT_SETTLED,
  REFERENCE_PAYMENT_UNREADABLE,
} from "@app/shared/messages";
import type { z } from "@app/shared/zod";
import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../../db/client";
import { listAnswer, listOrder, normalised, pageWindow, searchCondition } from "../../db/lists";
import { authUser, enrollments, paymentReferences, payments, referencePaymentNotifications } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { recordEvent } from "../enrollments/enrollment-history";
import { referencePaidEmail } from "../payment-recording/payment-emails";
import { lockEnrollment, type RecordingDeps, recordPayment } from "../payment-recording/record-payment";

/**
 * 'Pagamentos por referência' (decision 077): the provider's payments that were not applied by
 * themselves (an unknown reference, a wrong amount, an enrolment already paid, or 'invalid', decision
 * 079), which finance applies to an enrolment or archives with a reason.
 */

type UnmatchedQuery = z.output<typeof unmatchedQuerySchema>;

const resolver = alias(authUser, "resolver");
const appliedPayment = alias(payments, "applied_payment");
const appliedEnrollment = alias(enrollments, "applied_enrollment");

const UNMATCHED_SORTABLE = {
  paidAt: referencePaymentNotifications.paidAt,
  amount: referencePaymentNotifications.amount,
  reference: referencePaymentNotifications.reference,
};

/** The open notifications: not applied by themselves, not settled by finance (the list's default, the Painel's count). */
export const openCondition = (): SQL =>
  and(ne(referencePaymentNotifications.outcome, "applied"), isNull(referencePaymentNotifications.resolution))!;

/** Which notifications a state is: open, archived, applied by hand. */
function stateCondition(state: UnmatchedQuery["state"]): SQL {
  if (state === "open") return openCondition();
  return eq(referencePaymentNotifications.resolution, state);
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
    paidAt: n.paidAt?.toISOString() ?? null,
    receivedAt: n.receivedAt.toISOString(),
    outcome: n.outcome,
    invalidReason: n.invalidReason,
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
 * service as every other payment (an amount short of what the enrolment owes needs finance's
 * `difference`, decision 083), History with who did it, the notification marked applied by whom.
 */
export async function applyUnmatched(
  deps: RecordingDeps,
  actorUserId: string,
  id: string,
  { enrollmentId, difference }: z.output<typeof applyNotificationSchema>,
): Promise<UnmatchedNotification> {
  return deps.db.transaction(async (tx) => {
    const n = await lockOpenNotification(tx, id);
    if (n.amount === null) throw ApiError.of(409, REFERENCE_PAYMENT_UNREADABLE);
    const [exists] = await tx.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.id, enrollmentId));
    if (!exists) throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
    const enrollment = await lockEnrollment(tx, enrollmentId);
    const { paymentId } = await recordPayment(tx, deps, actorUserId, enrollment, {
      amount: n.amount,
      paymentDate: todayInLuanda(n.paidAt ?? n.receivedAt),
      referenceCode: enrollment.paymentReferenceCode,
      method: REFERENCE_PAYMENT_METHOD,
      notes: referencePaymentNotes(n.entity, n.reference, true),
      historyNote: referencePaidNote(n.amount, true),
      email: referencePaidEmail,
      difference,
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
