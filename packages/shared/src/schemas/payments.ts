import { PAYMENT_STATUSES } from "../enums";
import { z } from "../zod";

/** 'Financeiro' (SPEC §2 'Admin finance', §4 'Payment status'): the payments list, its cards and export. */

export const PAYMENT_EXPORT_FORMATS = ["csv", "xlsx"] as const;

/** An empty parameter (`?from=`) counts as absent. */
const optionalDate = z
  .string()
  .optional()
  .refine((v) => !v || /^\d{4}-\d{2}-\d{2}$/.test(v), "Data inválida")
  .transform((v) => v || undefined);

/**
 * GET /admin/payments and /admin/payments/export query: payment_date within [from, to] (both inclusive,
 * `YYYY-MM-DD`, each optional) and the method as stored (e.g. `tpa`, `Transferência Bancária`).
 */
export const paymentFilterSchema = z.object({
  from: optionalDate,
  to: optionalDate,
  method: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});
export type PaymentFilter = z.input<typeof paymentFilterSchema>;

export const paymentExportQuerySchema = paymentFilterSchema.extend({
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
  /** As stored: a staff method code (`tpa`, `transferencia`, `deposito`, `dinheiro`) or 'Transferência Bancária'. */
  paymentMethod: z.string(),
  /** The method as shown (PAYMENT_METHOD_LABELS, or the stored text). */
  paymentMethodLabel: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  notes: z.string().nullable(),
  /** Set when the payment came from an approved receipt. */
  receiptId: z.uuid().nullable(),
  paymentReferenceCode: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** The four cards of 'Financeiro', over the filtered payments (pending: receipts awaiting validation). */
export const financeStatsSchema = z.object({
  /** Sum of confirmed/completed payments. */
  totalRevenue: z.number(),
  /** Number of confirmed/completed payments. */
  confirmedCount: z.number().int(),
  /** Receipts awaiting validation (not filtered: they have no payment yet). */
  pendingCount: z.number().int(),
  /** Sum of their paid amounts. */
  pendingValue: z.number(),
});
export type FinanceStats = z.infer<typeof financeStatsSchema>;

/** GET /admin/payments. */
export const paymentListSchema = z.object({
  payments: z.array(paymentRowSchema),
  stats: financeStatsSchema,
});
export type PaymentList = z.infer<typeof paymentListSchema>;
