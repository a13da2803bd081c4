import { INVALID_DATE, isCalendarDate } from "../calendar-date";
import { ENROLLMENT_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "../enums";
import { z } from "../zod";
import { listPageSchema, listQuerySchema } from "./lists";

/** 'Financeiro' (SPEC §2 'Admin finance', §4 'Payment status'): the payments list, its cards and export. */

export const PAYMENT_EXPORT_FORMATS = ["csv", "xlsx"] as const;

/** An empty parameter (`?from=`) counts as absent; a day that does not exist (2024-02-30) is 'Data inválida'. */
const optionalDate = z
  .string()
  .optional()
  .refine((v) => !v || isCalendarDate(v), INVALID_DATE)
  .transform((v) => v || undefined);

/**
 * GET /admin/payments and /admin/payments/export query: payment_date within [from, to] (both inclusive,
 * `YYYY-MM-DD`, each optional) and one of PAYMENT_METHODS.
 */
export const paymentFilterSchema = z.object({
  from: optionalDate,
  to: optionalDate,
  method: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(PAYMENT_METHODS, { message: "Método de pagamento inválido" }).optional()),
});
/** The filter as the server reads it (parsed). */
export type PaymentFilter = z.output<typeof paymentFilterSchema>;

/** The columns 'Financeiro' sorts by on the server (a column's key in the table is its sort key). */
export const PAYMENT_SORT_KEYS = ["student", "course", "amount", "date", "method", "status"] as const;
export type PaymentSortKey = (typeof PAYMENT_SORT_KEYS)[number];

/**
 * GET /admin/payments: a page (decision 057) of the filtered payments, searched by student's name or phone,
 * course or reference code, sorted by a column (default: newest payment date first).
 */
export const paymentListQuerySchema = listQuerySchema(PAYMENT_SORT_KEYS).extend(paymentFilterSchema.shape);
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

/** GET /admin/payments/export: the list's filters and search, every row (newest first), CSV or XLSX. */
export const paymentExportQuerySchema = paymentFilterSchema.extend({
  q: paymentListQuerySchema.shape.q,
  format: z.enum(PAYMENT_EXPORT_FORMATS, { message: "Formato de exportação inválido" }).default("csv"),
});
export type PaymentExportQuery = z.input<typeof paymentExportQuerySchema>;

/* What the API answers. */

/** One payment, student and course joined; newest payment date first. */
export const paymentRowSchema = z.object({
  id: z.uuid(),
  enrollmentId: z.uuid(),
  studentName: z.string(),
  studentPhone: z.string(),
  courseName: z.string(),
  amount: z.number(),
  /** `YYYY-MM-DD`. */
  paymentDate: z.string(),
  /** One of PAYMENT_METHODS (a receipt approval records `transferencia`). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The method as shown (PAYMENT_METHOD_LABELS). */
  paymentMethodLabel: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  notes: z.string().nullable(),
  /** Set when the payment came from an approved receipt. */
  receiptId: z.uuid().nullable(),
  paymentReferenceCode: z.string().nullable(),
  createdAt: z.string(),
  /**
   * What the enrolment still owed after this payment (decision 083): above 0 awaited, or accepted when
   * `differenceReason` is set; below 0 the excess to refund or credit; null for the desk's and older ones.
   */
  balanceAfter: z.number().nullable(),
  /** Finance accepted `balanceAfter` as paid in full: why, when and who. */
  differenceReason: z.string().nullable(),
  differenceAcceptedAt: z.string().nullable(),
  differenceAcceptedByName: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/**
 * The four cards of 'Financeiro', over the filtered payments (the search does not narrow them; pending:
 * receipts awaiting validation).
 */
export const financeStatsSchema = z.object({
  /** Sum of confirmed/completed payments. */
  totalRevenue: z.number(),
  /** Number of confirmed/completed payments. */
  confirmedCount: z.number().int(),
  /** Receipts awaiting validation (not filtered: they have no payment yet). */
  pendingCount: z.number().int(),
  /** Sum of their paid amounts, plus what the enrolments awaiting a balance still owe (decision 083). */
  pendingValue: z.number(),
  /** Of `pendingValue`: what the enrolments awaiting a balance still owe, and how many they are. */
  balanceValue: z.number(),
  balanceCount: z.number().int(),
});
export type FinanceStats = z.infer<typeof financeStatsSchema>;

/** GET /admin/payments: one page, how many payments match, and the cards over the filters. */
export const paymentListSchema = listPageSchema(paymentRowSchema).extend({ counts: financeStatsSchema });
export type PaymentList = z.infer<typeof paymentListSchema>;

/* Enrolments awaiting a balance (decision 083): 'Saldos em falta' in Financeiro, and finance's choice. */

/** One payment of an enrolment, as its balance lists it. */
export const balancePaymentSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  /** `YYYY-MM-DD`. */
  paymentDate: z.string(),
  paymentMethodLabel: z.string(),
});

/** What an enrolment owes: due (the course's price), paid (its payments' sum) and the balance (due − paid). */
export const enrollmentBalanceSchema = z.object({
  enrollmentId: z.uuid(),
  studentName: z.string(),
  studentPhone: z.string(),
  courseName: z.string(),
  paymentReferenceCode: z.string().nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  due: z.number(),
  paid: z.number(),
  balance: z.number(),
  /** Oldest first. */
  payments: z.array(balancePaymentSchema),
});
export type EnrollmentBalance = z.infer<typeof enrollmentBalanceSchema>;

export const BALANCE_SORT_KEYS = ["student", "balance"] as const;
/** GET /admin/payments/balances: the enrolments awaiting a balance, searched by student, course or code. */
export const balanceListQuerySchema = listQuerySchema(BALANCE_SORT_KEYS);
export type BalanceListQuery = z.output<typeof balanceListQuerySchema>;
export const balanceListSchema = listPageSchema(enrollmentBalanceSchema);
