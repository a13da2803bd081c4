import { PAYMENT_METHOD_LABELS } from "@app/shared/enums";
import type {
  FinanceStats,
  PaymentFilter,
  PaymentListQuery,
  PaymentRow,
  PaymentSortKey,
} from "@app/shared/schemas/payments";
import { type AnyColumn, and, desc, eq, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { listAnswer, listOrder, pageWindow, searchCondition } from "../../db/lists";
import { courses, enrollments, payments } from "../../db/schema";
import { receiptStats } from "../receipts/receipts.service";

const CONFIRMED = ["completed", "confirmed"] as const;

/** The filters of 'Financeiro' (the list, its cards and the export) plus the list's search. */
export type PaymentSearch = PaymentFilter & { q?: string | undefined };

/** The filters of the list, its cards and the export: payment_date within [from, to], and the method. */
function filterWhere(filter: PaymentFilter): SQL | undefined {
  return and(
    filter.from ? gte(payments.paymentDate, filter.from) : undefined,
    filter.to ? lte(payments.paymentDate, filter.to) : undefined,
    filter.method ? eq(payments.paymentMethod, filter.method) : undefined,
  );
}

/**
 * The WHERE of the list and the export: the filters and the search (student's name and phone, course,
 * reference code; case and accents ignored), which needs the student's and course's joins.
 */
function paymentWhere(filter: PaymentSearch): SQL | undefined {
  return and(
    filterWhere(filter),
    searchCondition(
      filter.q,
      [enrollments.studentName, courses.name, enrollments.paymentReferenceCode],
      [enrollments.studentPhone],
    ),
  );
}

/** The list's order when no column is chosen: newest payment date first, then the latest recorded. */
const NEWEST_FIRST = [desc(payments.paymentDate), desc(payments.createdAt), desc(payments.id)];

const SORTABLE: Record<PaymentSortKey, AnyColumn> = {
  student: enrollments.studentName,
  course: courses.name,
  amount: payments.amount,
  date: payments.paymentDate,
  // The methods' keys sort as their labels do (deposito, dinheiro, tpa, transferencia).
  method: payments.paymentMethod,
  // The workflow's order: pending, completed, confirmed, failed.
  status: payments.status,
};

function selectPayments(db: Database) {
  return db
    .select({
      p: payments,
      studentName: enrollments.studentName,
      studentPhone: enrollments.studentPhone,
      paymentReferenceCode: enrollments.paymentReferenceCode,
      courseName: courses.name,
      /** The recording time to the microsecond, where an export's batch ends. */
      createdAtExact: sql<string>`${payments.createdAt}::text`,
    })
    .from(payments)
    .innerJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .$dynamic();
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPayments>["execute"]>>[number];

const toRow = ({ p, createdAtExact: _, ...joined }: Selected): PaymentRow => ({
  id: p.id,
  enrollmentId: p.enrollmentId,
  studentName: joined.studentName,
  studentPhone: joined.studentPhone,
  courseName: joined.courseName,
  amount: p.amount,
  paymentDate: p.paymentDate,
  paymentMethod: p.paymentMethod,
  paymentMethodLabel: PAYMENT_METHOD_LABELS[p.paymentMethod],
  status: p.status,
  notes: p.notes,
  receiptId: p.receiptId,
  paymentReferenceCode: joined.paymentReferenceCode,
  createdAt: p.createdAt.toISOString(),
});

/**
 * The four cards over the filtered payments (the search does not narrow them, as before): the sum and
 * count of confirmed/completed ones in one aggregate, and the receipts still awaiting validation.
 */
export async function financeStats(db: Database, filter: PaymentFilter): Promise<FinanceStats> {
  const [row] = await db
    .select({
      revenue: sql<string>`coalesce(sum(${payments.amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .where(and(filterWhere(filter), inArray(payments.status, CONFIRMED)));
  const receipts = await receiptStats(db);
  return {
    totalRevenue: Number(row!.revenue),
    confirmedCount: row!.count,
    pendingCount: receipts.pending,
    pendingValue: receipts.pendingAmount,
  };
}

/** GET /admin/payments: one page of the filtered and searched payments, how many match, and the cards. */
export async function paymentPage(db: Database, query: PaymentListQuery) {
  const where = paymentWhere(query);
  const order = query.sort
    ? listOrder(query, SORTABLE, { by: payments.paymentDate, dir: "desc" }, payments.id)
    : NEWEST_FIRST;
  const { limit, offset } = pageWindow(query);
  const counting = db.select({ total: sql<number>`count(*)::int` }).from(payments).$dynamic();
  // Every payment has its enrolment and course: only the search needs them joined to count.
  if (query.q) {
    counting
      .innerJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId));
  }
  const [rows, [counted], counts] = await Promise.all([
    selectPayments(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    counting.where(where),
    financeStats(db, query),
  ]);
  return { ...listAnswer(query, rows.map(toRow), counted!.total), counts };
}

/** Rows per database read of an export. */
export const EXPORT_BATCH = 1000;

/**
 * The filtered and searched payments, newest first, in batches read one after another as the caller
 * asks for them: each batch is the next `size` rows after the last one given (keyset on date, recording
 * time to the microsecond, and id: the index `payments_newest_idx`). A short query per batch,
 * on a pooled connection it gives back at once: a slow download holds no connection. Not a snapshot: a
 * payment recorded during the export shows if it sorts after the rows already sent; none is sent twice
 * and none already there is skipped.
 */
export async function* paymentBatches(db: Database, filter: PaymentSearch, size = EXPORT_BATCH) {
  let after: SQL | undefined;
  for (;;) {
    const rows = await selectPayments(db)
      .where(and(paymentWhere(filter), after))
      .orderBy(...NEWEST_FIRST)
      .limit(size);
    if (rows.length > 0) yield rows.map(toRow);
    if (rows.length < size) return;
    const last = rows.at(-1)!;
    after = lt(
      sql`(${payments.paymentDate}, ${payments.createdAt}, ${payments.id})`,
      sql`(${last.p.paymentDate}::date, ${last.createdAtExact}::timestamptz, ${last.p.id}::uuid)`,
    );
  }
}
