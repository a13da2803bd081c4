import { balanceOf } from "@app/shared/payment-balance";
import type { BalanceListQuery, EnrollmentBalance } from "@app/shared/schemas/payments";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { listAnswer, listOrder, pageWindow } from "../../db/lists";
import { courses, enrollments } from "../../db/schema";
import { enrollmentMatching } from "../enrollments/enrollment-search";
import { paidSum, receivedPayments } from "../payment-recording/balance";

/**
 * 'Saldos em falta' (decision 083): the enrolments that received part of their price and wait for the
 * rest (partial_payment), what each still owes, and their sum for 'Valor pendente'.
 */

const AWAITING = eq(enrollments.status, "partial_payment");
const owed = sql<number>`(${courses.price} - ${paidSum(enrollments.id)})`.mapWith(Number);

/** How many enrolments await a balance and what they owe in all (counted in 'Valor pendente'). */
export async function balanceTotals(db: Database): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${owed}), 0)::text` })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(AWAITING);
  return { count: row!.count, amount: Number(row!.amount) };
}

/** GET /admin/payments/balances: one page, the largest balance first unless a column is chosen. */
export async function balancePage(db: Database, query: BalanceListQuery) {
  const search = await enrollmentMatching(db, query.q, [
    enrollments.studentNameKey,
    enrollments.paymentReferenceCodeKey,
  ]);
  const where = and(AWAITING, search);
  const order = listOrder(
    query,
    { student: enrollments.studentNameKey, balance: owed },
    { by: owed, dir: "desc" },
    enrollments.id,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        enrollmentId: enrollments.id,
        studentName: enrollments.studentName,
        studentPhone: enrollments.studentPhone,
        courseName: courses.name,
        paymentReferenceCode: enrollments.paymentReferenceCode,
        status: enrollments.status,
        due: courses.price,
        paid: paidSum(enrollments.id),
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(enrollments).where(where),
  ]);
  const received = await receivedPayments(
    db,
    rows.map((r) => r.enrollmentId),
  );
  const answer: EnrollmentBalance[] = rows.map(({ due, paid, ...r }) => ({
    ...r,
    ...balanceOf(due, paid),
    payments: received.filter((p) => p.enrollmentId === r.enrollmentId).map(({ enrollmentId: _, ...p }) => p),
  }));
  return listAnswer(query, answer, count?.total ?? 0);
}
