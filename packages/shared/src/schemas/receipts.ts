import { RECEIPT_STATEMENT_STATES } from "../bank-statements/receipt-links";
import { todayInLuanda } from "../dates";
import { ENROLLMENT_STATUSES, RECEIPT_FILE_TYPES, RECEIPT_STATUSES } from "../enums";
import { moneySchema } from "../money-schema";
import { differenceChoiceSchema } from "../payment-balance-schema";
import { RECEIPT_DUPLICATE_KINDS, RECEIPT_MESSAGES } from "../receipt-messages";
import { z } from "../zod";
import { CONFIRM_PAYMENT_MESSAGES, paymentDateError, rejectWithReasonSchema } from "./enrollment-review";
import { listPageSchema, listQuerySchema } from "./lists";

export { RECEIPT_DUPLICATE_KINDS, RECEIPT_DUPLICATE_LABELS } from "../receipt-messages";

/** Payment receipts (SPEC §1 steps 4–5, §2 'Student payment screen' and 'Admin receipts', §5, §7, §9). */

export { RECEIPT_MESSAGES } from "../receipt-messages";

/**
 * POST /me/receipts: multipart form fields beside the file (field `file`, JPEG/PNG/PDF, ≤ 5 MB).
 * paidAmount is the text typed (or a number), > 0; paymentDate is `YYYY-MM-DD`, not after today in Luanda.
 */
export const submitReceiptSchema = z.object({
  enrollmentId: z.uuid({ message: RECEIPT_MESSAGES.enrollment }),
  paidAmount: moneySchema({ empty: CONFIRM_PAYMENT_MESSAGES.amount }).refine(
    (v) => v > 0,
    CONFIRM_PAYMENT_MESSAGES.amountPositive,
  ),
  paymentDate: z.string({ message: CONFIRM_PAYMENT_MESSAGES.date }).superRefine((value, ctx) => {
    const problem = paymentDateError(value, todayInLuanda());
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});
export type SubmitReceiptInput = z.input<typeof submitReceiptSchema>;

/** POST /admin/receipts/{id}/reject: a non-blank reason, stored in the receipt's notes and e-mailed. */
export const rejectReceiptSchema = rejectWithReasonSchema;
export type RejectReceiptInput = z.input<typeof rejectReceiptSchema>;
/** Approval: finance's choice when the amount is short of what the enrolment owes (decision 083). */
export const approveReceiptSchema = z.object({ difference: differenceChoiceSchema.optional() });
export type ApproveReceiptInput = z.input<typeof approveReceiptSchema>;

/* What the API answers. Dates: paymentDate `YYYY-MM-DD`; submittedAt/reviewedAt ISO instants. */

/** GET /me/receipts (newest first) and POST /me/receipts's answer: one of the student's own receipts. */
export const ownReceiptSchema = z.object({
  id: z.uuid(),
  enrollmentId: z.uuid(),
  courseName: z.string(),
  paidAmount: z.number(),
  paymentDate: z.string(),
  paymentReferenceCode: z.string().nullable(),
  status: z.enum(RECEIPT_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The rejection reason once rejected; otherwise null. */
  notes: z.string().nullable(),
  /** Read it at /api/files/{fileId} (only the owner and staff may). */
  fileId: z.uuid(),
  fileType: z.enum(RECEIPT_FILE_TYPES),
});
export type OwnReceipt = z.infer<typeof ownReceiptSchema>;

export const receiptDuplicateSchema = z.object({
  kind: z.enum(RECEIPT_DUPLICATE_KINDS),
  /** The other receipt, its enrolment and student. */
  receiptId: z.uuid(),
  enrollmentId: z.uuid(),
  studentName: z.string(),
  status: z.enum(RECEIPT_STATUSES),
});
export type ReceiptDuplicate = z.infer<typeof receiptDuplicateSchema>;

/** GET /admin/receipts: one row, and every transition's answer. */
export const adminReceiptRowSchema = z.object({
  id: z.uuid(),
  enrollmentId: z.uuid(),
  enrollmentStatus: z.enum(ENROLLMENT_STATUSES),
  studentName: z.string(),
  studentPhone: z.string(),
  studentEmail: z.string().nullable(),
  courseName: z.string(),
  paymentReferenceCode: z.string().nullable(),
  paidAmount: z.number(),
  /** The course price copied when the receipt was sent ('Valor Esperado'). */
  coursePrice: z.number(),
  /** paidAmount − coursePrice, rounded to cents; 'Correto' when `divergenceCorrect`. */
  divergence: z.number(),
  divergenceCorrect: z.boolean(),
  paymentDate: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  /** The rejection reason once rejected. */
  notes: z.string().nullable(),
  fileId: z.uuid(),
  fileType: z.enum(RECEIPT_FILE_TYPES),
  fileContentType: z.string(),
  duplicates: z.array(receiptDuplicateSchema),
  /**
   * The bank statement's view (decision 074): 'linked' when a statement line of the same enrolment,
   * amount and date (± RECEIPT_LINE_DAYS) is linked ('Confirmado pelo extrato'); 'missing' when a pending
   * or approved receipt has no line although a statement covering its date was imported after it was
   * sent ('Sem linha no extrato'); null otherwise.
   */
  statement: z.enum(RECEIPT_STATEMENT_STATES).nullable(),
  /** The linked line: where finance finds it. */
  statementLine: z
    .object({
      statementId: z.uuid(),
      lineNumber: z.number().int(),
      date: z.string(),
      amount: z.number(),
      bankName: z.string(),
      fileName: z.string(),
    })
    .nullable(),
});
export type AdminReceiptRow = z.infer<typeof adminReceiptRowSchema>;

/** The cards of 'Gestão de Comprovantes de Pagamento'. */
export const receiptStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  /** Sum of approved paid amounts ('Total Validado'). */
  approvedAmount: z.number(),
  /** Sum of pending paid amounts ('Aguardando Validação'). */
  pendingAmount: z.number(),
});
export type ReceiptStats = z.infer<typeof receiptStatsSchema>;

/** The columns of 'Gestão de Comprovantes' the server sorts by (a column's key in the table is its sort key). */
export const RECEIPT_SORT_KEYS = ["student", "course", "amounts", "dates", "status"] as const;
export type ReceiptSortKey = (typeof RECEIPT_SORT_KEYS)[number];

/**
 * GET /admin/receipts: a page (decision 057), searched by the student's name or phone, the course or the
 * reference code; sorted by student, course, paid amount, sending time or status (default: newest sent first).
 */
export const receiptListQuerySchema = listQuerySchema(RECEIPT_SORT_KEYS).extend({
  /** Only the receipts linked to a statement line, or only those flagged 'Sem linha no extrato'. */
  statement: z.enum(RECEIPT_STATEMENT_STATES, { message: RECEIPT_MESSAGES.statementFilter }).optional(),
});
export type ReceiptListQuery = z.output<typeof receiptListQuerySchema>;

/** GET /admin/receipts: one page of receipts, how many match, and the cards over every receipt. */
export const adminReceiptListSchema = listPageSchema(adminReceiptRowSchema).extend({ counts: receiptStatsSchema });
export type AdminReceiptList = z.infer<typeof adminReceiptListSchema>;

/** POST /admin/receipts/{id}/approve and …/reject: the receipt, and what became of the e-mail. */
export const reviewedReceiptSchema = z.object({
  receipt: adminReceiptRowSchema,
  /** queued (sent by the mail queue's worker, retried; decision 056); no_email (the student gave none). */
  studentEmail: z.enum(["queued", "no_email"]),
});
export type ReviewedReceipt = z.infer<typeof reviewedReceiptSchema>;
