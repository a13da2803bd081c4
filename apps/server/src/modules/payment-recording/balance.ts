import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { PAYMENT_METHOD_LABELS } from "@app/shared/enums";
import { type Balance, balanceOf } from "@app/shared/payment-balance";
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { courses, enrollments, payments } from "../../db/schema";

/**
 * What an enrolment owes (decision 083): due is its course's price, paid the sum of its recorded payments
 * (the desk's 'confirmed' and every other way's 'completed'), the balance the difference.
 */

/** The payments that count as money received ('Confirmado'). */
export const RECEIVED = sql`${payments.status} in ('completed', 'confirmed')`;

/** The sum of the enrolment's received payments, as a number column of a select (the enrolment by `id`). */
export function paidSum(enrollmentId: AnyColumn | SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(${payments.amount}), 0) from ${payments}
    where ${payments.enrollmentId} = ${enrollmentId} and ${RECEIVED})`.mapWith(Number);
}

/**
 * `paidSum` of the joined enrolment while it awaits payment, else 0: the sum is read only for those (a
 * paid enrolment owes nothing; a statement's import reads every enrolment with a code).
 */
export function paidWhileAwaiting(): SQL<number> {
  const awaiting = sql.join(
    RECEIPT_SENDING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql<number>`case when ${enrollments.status} in (${awaiting}) then ${paidSum(enrollments.id)} else 0 end`.mapWith(
    Number,
  );
}

/** The enrolment's balance now, in the caller's transaction (which holds the enrolment's lock when it pays). */
export async function enrollmentBalance(
  db: Database | Tx,
  enrollment: { id: string; courseId: string },
): Promise<Balance> {
  const [row] = await db
    .select({ due: courses.price, paid: paidSum(sql`${enrollment.id}::uuid`) })
    .from(courses)
    .where(eq(courses.id, enrollment.courseId));
  return balanceOf(row!.due, row!.paid);
}

/** A payment as a balance lists it: amount, date and the way it came. */
const toBalancePayment = (p: typeof payments.$inferSelect) => ({
  id: p.id,
  amount: p.amount,
  paymentDate: p.paymentDate,
  paymentMethodLabel: PAYMENT_METHOD_LABELS[p.paymentMethod] ?? p.paymentMethod,
});

/** The received payments of these enrolments, oldest first, each as a balance lists it with its enrolment. */
export async function receivedPayments(db: Database | Tx, enrollmentIds: readonly string[]) {
  if (enrollmentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.enrollmentId, [...enrollmentIds]), RECEIVED))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((p) => ({ enrollmentId: p.enrollmentId, ...toBalancePayment(p) }));
}
