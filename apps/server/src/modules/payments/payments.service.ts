import { PAYMENT_METHOD_LABELS } from "@app/shared/enums";
import { roundMoney } from "@app/shared/money";
import type {
  FinanceStats,
  PaymentFilter,
  PaymentListQuery,
  PaymentRow,
  PaymentSortKey,
} from "@app/shared/schemas/payments";
import { type AnyColumn, and, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { listAnswer, listOrder, pageWindow } from "../../db/lists";
import { authUser, courses, enrollments, payments } from "../../db/schema";
import { ofEnrollmentMatching } from "../enrollments/enrollment-search";
import { pendingReceiptTotals } from "../receipts/receipts.service";
import { balanceTotals } from "./balances.service";

/** Who accepted a payment's difference (decision 083). */
const accepter = alias(authUser, "accepter");

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
async function paymentWhere(db: Database, filter: PaymentSearch): Promise<SQL | undefined> {
  const search = await ofEnrollmentMatching(db, payments.enrollmentId, filter.q, [
    enrollments.studentNameKey,
    enrollments.paymentReferenceCodeKey,
  ]);
  return and(filterWhere(filter), search);
}

/** The list's order when no column is chosen: newest payment date first, then the latest recorded. */
const NEWEST_FIRST = [desc(payments.paymentDate), desc(payments.createdAt), desc(payments.id)];

const SORTABLE: Record<PaymentSortKey, AnyColumn | SQL> = {
  // Names sort as the search reads them, accents aside ('Ângela' with the A's), as in decision 057.
  student: enrollments.studentNameKey,
  course: courses.nameKey,
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
      differenceAcceptedByName: accepter.name,
      /** The recording time to the microsecond, where an export's batch ends. */
      createdAtExact: sql<string>`${payments.createdAt}::text`,
    })
    .from(payments)
    .innerJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(accepter, eq(accepter.id, payments.differenceAcceptedBy))
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
  balanceAfter: p.balanceAfter,
  differenceReason: p.differenceReason,
  differenceAcceptedAt: p.differenceAcceptedAt?.toISOString() ?? null,
  differenceAcceptedByName: joined.differenceAcceptedByName,
});

/**
 * The filtered payments (the search does not narrow them): how many, and the sum and count of the
 * confirmed/completed ones ('Receita total', 'Pagamentos confirmados'), in one pass; the receipts still
 * awaiting validation ('Comprovantes pendentes'); and 'Valor pendente': their amounts plus what the
 * enrolments awaiting a balance still owe (decision 083).
 */
async function filteredTotals(db: Database, filter: PaymentFilter) {
  const confirmed = sql`${payments.status} in ('completed', 'confirmed')`;
  const [[row], receipts, balances] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        revenue: sql<string>`coalesce(sum(${payments.amount}) filter (where ${confirmed}), 0)::text`,
        confirmedCount: sql<number>`(count(*) filter (where ${confirmed}))::int`,
      })
      .from(payments)
      .where(filterWhere(filter)),
    pendingReceiptTotals(db),
    balanceTotals(db),
  ]);
  const counts: FinanceStats = {
    totalRevenue: Number(row!.revenue),
    confirmedCount: row!.confirmedCount,
    pendingCount: receipts.count,
    pendingValue: roundMoney(receipts.amount + balances.amount),
    balanceValue: balances.amount,
    balanceCount: balances.count,
  };
  return { total: row!.total, counts };
}

/** GET /admin/payments: one page of the filtered and searched payments, how many match, and the cards. */
export async function paymentPage(db: Database, query: PaymentListQuery) {
  const order = query.sort
    ? listOrder(query, SORTABLE, { by: payments.paymentDate, dir: "desc" }, payments.id)
    : NEWEST_FIRST;
  const { limit, offset } = pageWindow(query);
  const where = await paymentWhere(db, query);
  const [rows, filtered, [found]] = await Promise.all([
    selectPayments(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    filteredTotals(db, query),
    // A search counts its matches beside the page (decision 062); without one the filters' count is the total.
    query.q ? db.select({ total: sql<number>`count(*)::int` }).from(payments).where(where) : [undefined],
  ]);
  const total = found?.total ?? filtered.total;
  return { ...listAnswer(query, rows.map(toRow), total), counts: filtered.counts };
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
  // The courses the search names are read once, at the start.
  const where = await paymentWhere(db, filter);
  let after: SQL | undefined;
  for (;;) {
    const rows = await selectPayments(db)
      .where(and(where, after))
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
