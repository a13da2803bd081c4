import { todayInLuanda } from "@app/shared/dates";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { REFERENCE_PAYMENT_METHOD } from "@app/shared/enums";
import { referencePaidNote, referencePaymentNotes } from "@app/shared/history-notes";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paymentReferences, referencePaymentNotifications } from "../../db/schema";
import { markOperation } from "../../metrics/operation-marks";
import { runPeriodically } from "../../run-periodically";
import { referencePaidEmail } from "../payment-recording/payment-emails";
import { lockEnrollment, recordPayment } from "../payment-recording/record-payment";
import type { ReferenceDeps } from "./payment-references.service";
import type { InvalidProviderPayment, ProviderPayment } from "./provider/reference-provider";
import { storableRaw } from "./provider/storable";

/**
 * The provider's payments (issue 26, decisions 075 and 079), from the webhook or the poll: each read
 * against our columns, then applied exactly once, or kept for finance ('Pagamentos por referência')
 * with why it was not applied. Each is acknowledged to the provider by a queue job of the transaction
 * that keeps it, so the provider stops reporting it only once we have it.
 */

export type NotificationOutcome = (typeof referencePaymentNotifications.$inferSelect)["outcome"] | "duplicate";

/** One payment object as the provider sent it: read, then applied, or kept as 'invalid' when it does not fit. */
export async function receivePayment(deps: ReferenceDeps, raw: unknown): Promise<NotificationOutcome> {
  const reading = deps.references.provider.readPayment(raw);
  const outcome =
    "payment" in reading
      ? await applyNotification(deps, reading.payment, raw)
      : await keepInvalid(deps, reading.invalid, raw);
  const id = "payment" in reading ? reading.payment.id : reading.invalid.key;
  deps.log.info({ providerPaymentId: id, outcome }, "reference payment notification");
  return outcome;
}

/**
 * A payment that fits, applied exactly once: the notification row goes in first under the unique
 * (provider, payment id) index, so a repeated or concurrent one waits for this transaction and then
 * finds it ('duplicate', nothing changes). Ours, on an enrolment (locked) still awaiting payment: the
 * payment is recorded ('Multicaixa') where every payment is (decision 079), whatever its amount
 * (decision 083: short, the enrolment waits for the rest), the e-mail queued. Otherwise it stays in
 * finance's list.
 */
async function applyNotification(deps: ReferenceDeps, payment: ProviderPayment, raw: unknown) {
  const { db, references } = deps;
  const entity = payment.entityId ?? references.provider.entity;
  return db.transaction(async (tx): Promise<NotificationOutcome> => {
    const [note] = await tx
      .insert(referencePaymentNotifications)
      .values({
        providerPaymentId: payment.id,
        entity,
        reference: payment.referenceId,
        amount: payment.amountCents / 100,
        paidAt: payment.paidAt,
        outcome: "unknown_reference",
        raw: storableRaw(raw) as object,
      })
      .onConflictDoNothing()
      .returning({ id: referencePaymentNotifications.id });
    await references.jobs.enqueue(tx, [{ action: "acknowledge", providerPaymentId: payment.id }]);
    if (!note) return "duplicate";
    const settle = (set: Partial<typeof referencePaymentNotifications.$inferInsert>) =>
      tx.update(referencePaymentNotifications).set(set).where(eq(referencePaymentNotifications.id, note.id));

    const ref = await referenceOf(tx, entity, payment.referenceId, true);
    if (!ref) return "unknown_reference";
    const enrollment = await lockEnrollment(tx, ref.enrollmentId);
    if (!RECEIPT_SENDING_STATUSES.includes(enrollment.status)) {
      await settle({ outcome: "not_payable", paymentReferenceId: ref.id });
      return "not_payable";
    }
    // Whatever the amount (decision 083): no person is here to choose, so a short one is recorded and the
    // enrolment waits for the rest (finance may accept the difference later); one above it enrols.
    const amount = payment.amountCents / 100;
    const { paymentId } = await recordPayment(tx, deps, null, enrollment, {
      amount,
      paymentDate: todayInLuanda(payment.paidAt),
      referenceCode: enrollment.paymentReferenceCode,
      method: REFERENCE_PAYMENT_METHOD,
      notes: referencePaymentNotes(ref.entity, ref.reference!),
      historyNote: referencePaidNote(amount),
      email: referencePaidEmail,
      difference: { choice: "await_balance" },
    });
    await tx
      .update(paymentReferences)
      .set({ status: "paid", paidAt: new Date() })
      .where(eq(paymentReferences.id, ref.id));
    await settle({ outcome: "applied", paymentReferenceId: ref.id, paymentId });
    return "applied";
  });
}

/**
 * A payment that does not fit our columns (decision 079): kept once (its key: the provider's id, or a
 * digest of it) as 'invalid' with what could be read and why, linked to our reference when it names
 * one, and acknowledged; nothing is paid. Finance sees it in 'Pagamentos por referência'.
 */
async function keepInvalid(deps: ReferenceDeps, invalid: InvalidProviderPayment, raw: unknown) {
  const { db, references } = deps;
  return db.transaction(async (tx): Promise<NotificationOutcome> => {
    const ref = await referenceOf(tx, invalid.entity || references.provider.entity, invalid.reference, false);
    const [note] = await tx
      .insert(referencePaymentNotifications)
      .values({
        providerPaymentId: invalid.key,
        entity: invalid.entity,
        reference: invalid.reference,
        amount: invalid.amountCents === null ? null : invalid.amountCents / 100,
        paidAt: invalid.paidAt,
        outcome: "invalid",
        invalidReason: invalid.reason,
        paymentReferenceId: ref?.id ?? null,
        raw: storableRaw(raw) as object,
      })
      .onConflictDoNothing()
      .returning({ id: referencePaymentNotifications.id });
    if (invalid.acknowledgeId) {
      await references.jobs.enqueue(tx, [{ action: "acknowledge", providerPaymentId: invalid.acknowledgeId }]);
    }
    return note ? "invalid" : "duplicate";
  });
}

async function referenceOf(tx: Tx, entity: string, reference: string, lock: boolean) {
  const query = tx
    .select()
    .from(paymentReferences)
    .where(and(eq(paymentReferences.entity, entity), eq(paymentReferences.reference, reference)));
  const [ref] = lock ? await query.for("update") : await query;
  return ref;
}

/** Key of the advisory lock that keeps polling to one instance at a time (decision 064). */
const POLL_LOCK_KEY = 7_526_026;

/**
 * The payments whose webhook was lost: GET /payments, each received on its own (decision 079): one that
 * fails for an unexpected reason is logged and left at the provider for the next poll, and the others
 * are still applied. One instance at a time (an advisory lock held by this transaction); the others skip.
 */
export async function pollPayments(deps: ReferenceDeps): Promise<{ listed: number; failed: number } | "busy"> {
  const result = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(sql`select pg_try_advisory_xact_lock(${POLL_LOCK_KEY}) as got`);
    if (!rows[0]?.got) return "busy";
    const pending = await deps.references.provider.listPayments();
    let failed = 0;
    for (const raw of pending) {
      try {
        await receivePayment(deps, raw);
      } catch (err) {
        failed++;
        deps.log.error(
          { error: (err as Error).message },
          "reference payment not recorded; it stays at the provider for the next poll",
        );
      }
    }
    return { listed: pending.length, failed };
  });
  // The provider answered: the poll works (what the operators' metrics and status screen watch).
  if (result !== "busy") await markOperation(deps.db, "proxyPayPoll");
  return result;
}

/** Every minute while the server runs (and once at start); errors are logged, the next tick tries again. */
export function schedulePolling(deps: ReferenceDeps, everyMs = 60_000) {
  const tick = () =>
    pollPayments(deps).catch((err: Error) => deps.log.warn({ error: err.message }, "reference payments poll failed"));
  return runPeriodically(tick, 5_000, everyMs);
}
