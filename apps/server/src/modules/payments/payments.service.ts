import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from "@app/shared/enums";
import type { FinanceStats, PaymentFilter, PaymentRow } from "@app/shared/schemas/payments";
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Database } from "../../db/client";
import { courses, enrollments, payments } from "../../db/schema";
import { pendingReceiptTotals } from "../receipts/receipts.service";

const CONFIRMED = ["completed", "confirmed"] as const;

/** GET /admin/payments: the payments in [from, to] with the method, student and course joined; newest date first. */
export async function listPayments(db: Database, filter: PaymentFilter): Promise<PaymentRow[]> {
  const where: SQL[] = [];
  if (filter.from) where.push(gte(payments.paymentDate, filter.from));
  if (filter.to) where.push(lte(payments.paymentDate, filter.to));
  if (filter.method) where.push(eq(payments.paymentMethod, filter.method));
  const rows = await db
    .select({
      p: payments,
      studentName: enrollments.studentName,
      studentPhone: enrollments.studentPhone,
      paymentReferenceCode: enrollments.paymentReferenceCode,
      courseName: courses.name,
    })
    .from(payments)
    .innerJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(payments.paymentDate), desc(payments.createdAt));
  return rows.map(({ p, ...joined }) => ({
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
  }));
}

/** The four cards: confirmed/completed payments of the list, and the receipts still awaiting validation. */
export async function financeStats(db: Database, rows: PaymentRow[]): Promise<FinanceStats> {
  const confirmed = rows.filter((r) => (CONFIRMED as readonly string[]).includes(r.status));
  const pending = await pendingReceiptTotals(db);
  return {
    totalRevenue: Math.round(confirmed.reduce((s, r) => s + r.amount * 100, 0)) / 100,
    confirmedCount: confirmed.length,
    pendingCount: pending.count,
    pendingValue: pending.amount,
  };
}

export async function paymentList(db: Database, filter: PaymentFilter) {
  const rows = await listPayments(db, filter);
  return { payments: rows, stats: await financeStats(db, rows) };
}

const HEADERS = [
  "Data",
  "Aluno",
  "Telefone",
  "Curso",
  "Valor (Kz)",
  "Método",
  "Estado",
  "Cód. Referência",
  "Observações",
] as const;

const cells = (r: PaymentRow) => [
  r.paymentDate.split("-").reverse().join("/"),
  r.studentName,
  r.studentPhone,
  r.courseName,
  r.amount,
  r.paymentMethodLabel,
  PAYMENT_STATUS_LABELS[r.status],
  r.paymentReferenceCode ?? "",
  r.notes ?? "",
];

/** A CSV cell: quoted when it holds the separator, a quote or a line break; formulas neutralised. */
function csvCell(value: string | number): string {
  if (typeof value === "number") return value.toFixed(2).replace(".", ",");
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV for Excel in Portuguese: ';' separator, decimal comma, CRLF, UTF-8 with a BOM. */
export function paymentsCsv(rows: PaymentRow[]): string {
  const lines = [HEADERS.join(";"), ...rows.map((r) => cells(r).map(csvCell).join(";"))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export async function paymentsXlsx(rows: PaymentRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Pagamentos");
  sheet.addRow([...HEADERS]).font = { bold: true };
  for (const r of rows) {
    const values = cells(r);
    const [d, m, y] = (values[0] as string).split("/").map(Number);
    values[0] = new Date(Date.UTC(y!, m! - 1, d!)) as never;
    sheet.addRow(values);
  }
  sheet.getColumn(1).numFmt = "dd/mm/yyyy";
  sheet.getColumn(5).numFmt = "#,##0.00";
  sheet.columns.forEach((col, i) => {
    col.width = [12, 28, 12, 28, 14, 22, 12, 16, 40][i];
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
