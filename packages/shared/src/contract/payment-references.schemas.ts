import { ENROLLMENT_NOT_FOUND, REFERENCE_PAYMENT_MESSAGES } from "../messages";
import { differenceChoiceSchema } from "../payment-balance-schema";
import { REFERENCE_NOTIFICATION_OUTCOMES, REFERENCE_STATUSES, UNMATCHED_STATES } from "../payment-reference-labels";
import { referenceValidDaysSchema } from "../schemas/enrollment-review";
import { listPageSchema, listQuerySchema } from "../schemas/lists";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

export {
  REFERENCE_NOTIFICATION_OUTCOME_LABELS,
  REFERENCE_NOTIFICATION_OUTCOMES,
  REFERENCE_STATUSES,
  UNMATCHED_STATE_LABELS,
  UNMATCHED_STATES,
} from "../payment-reference-labels";

/** Multicaixa references through a payment-reference provider (issue 26, decision 075). */

export const UNMATCHED_SORT_KEYS = ["paidAt", "amount", "reference"] as const;
export const unmatchedQuerySchema = listQuerySchema(UNMATCHED_SORT_KEYS).extend({
  state: z.enum(UNMATCHED_STATES, { message: REFERENCE_PAYMENT_MESSAGES.state }).default("open"),
});
const enrollmentParam = z.object({ enrollmentId: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }) });

export const ownReferenceSchema = z.object({
  enrollmentId: z.uuid(),
  courseName: z.string(),
  /** null while the reference is being created at the provider (seconds). */
  entity: z.string().nullable(),
  reference: z.string().nullable(),
  amount: z.number(),
  endsAt: z.string(),
  status: z.enum(REFERENCE_STATUSES),
  expired: z.boolean(),
});
export type OwnReference = z.infer<typeof ownReferenceSchema>;

/** GET /admin/payment-references/summary (decision 084). */
export const referenceSummarySchema = z.object({
  /** Payments not applied by themselves and not settled: what 'Pagamentos por referência' lists by default. */
  open: z.number().int(),
  /** While references are off: references issued earlier, unpaid and unexpired, that students might still pay; 0 while on. */
  suspended: z.number().int(),
});
export type ReferenceSummary = z.infer<typeof referenceSummarySchema>;

export const unmatchedNotificationSchema = z.object({
  id: z.uuid(),
  providerPaymentId: z.string(),
  entity: z.string(),
  reference: z.string(),
  /** Null only for an 'invalid' payment whose amount could not be read (decision 079). */
  amount: z.number().nullable(),
  /** Null only for an 'invalid' payment whose date could not be read. */
  paidAt: z.string().nullable(),
  receivedAt: z.string(),
  outcome: z.enum(REFERENCE_NOTIFICATION_OUTCOMES),
  /** Why an 'invalid' payment does not fit, field by field (Portuguese). */
  invalidReason: z.string().nullable(),
  /** The enrolment the reference belongs to, when it is ours (a wrong amount, an enrolment already paid). */
  enrollmentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  expectedAmount: z.number().nullable(),
  /** How finance settled it: null while open. */
  resolution: z.enum(["applied", "archived"]).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  /** The reason when archived. */
  resolutionNote: z.string().nullable(),
  /** The enrolment it was applied to by hand, and its student. */
  appliedEnrollmentId: z.uuid().nullable(),
  appliedStudentName: z.string().nullable(),
});
export type UnmatchedNotification = z.infer<typeof unmatchedNotificationSchema>;

const notificationParam = z.object({ id: z.uuid({ message: REFERENCE_PAYMENT_MESSAGES.notFound }) });
export const applyNotificationSchema = z.object({
  enrollmentId: z.uuid({ message: REFERENCE_PAYMENT_MESSAGES.enrollment }),
  /** Finance's choice when the amount is short of what the enrolment owes (decision 083). */
  difference: differenceChoiceSchema.optional(),
});
export const archiveNotificationSchema = z.object({
  reason: z
    .string({ message: REFERENCE_PAYMENT_MESSAGES.reason })
    .trim()
    .min(1, REFERENCE_PAYMENT_MESSAGES.reason)
    .max(500, REFERENCE_PAYMENT_MESSAGES.reasonTooLong),
});

/**
 * The provider's payment object (ProxyPay v2: id, reference_id, entity_id, amount, datetime, …): any JSON
 * object here; the server reads it against its own columns and keeps one that does not fit as 'invalid'
 * (decision 079), so a signed payment is never refused for its content.
 */
const providerPaymentSchema = z.record(z.string(), z.unknown());

export const paymentReferenceSchemas = endpointSchemas({
  webhook: {
    summary:
      "The provider's payment notification (public, no session): signed with X-Signature (hex HMAC-SHA256 of the raw body with the API key). Records the payment once per provider payment id, or lists it for finance",
    body: providerPaymentSchema,
    answers: { 200: z.object({ outcome: z.enum([...REFERENCE_NOTIFICATION_OUTCOMES, "duplicate"]) }) },
    errors: {
      400: "Not a JSON object",
      401: "Missing, malformed or wrong signature (checked before the body is read)",
      413: "Body above 64 KB, whatever its content type",
      503: "References are off (PROXYPAY_* unset): nothing recorded or acknowledged; the payment stays listed at the provider and the poll records it once references are on again (decision 084)",
    },
  },
  listOwn: {
    summary:
      "The student's Multicaixa references (entity, reference, amount, expiry), newest first, and whether references are on (off: an issued reference must not be paid, decision 084)",
    answers: { 200: z.object({ references: z.array(ownReferenceSchema), multicaixa: z.boolean() }) },
  },
  renewOwn: {
    summary: "The student asks a new reference for an enrolment awaiting payment whose reference expired",
    params: enrollmentParam,
    answers: { 200: z.object({ reference: ownReferenceSchema }) },
    errors: { 404: "Not the student's enrolment", 409: "Not renewable, or references are off" },
  },
  renew: {
    summary: "Staff give an enrolment awaiting payment a new reference (the current one is deleted at the provider)",
    params: enrollmentParam,
    body: z.object({ validDays: referenceValidDaysSchema.optional() }),
    answers: { 200: z.object({ reference: ownReferenceSchema }) },
    errors: { 400: "Invalid validity", 404: "No such enrolment", 409: "Not awaiting payment, or references are off" },
  },
  summary: {
    summary:
      "What waits for finance: the reference payments still open in 'Pagamentos por referência' (the Painel card and the menu badge), and the references issued before references were switched off that are still valid (decision 084)",
    answers: { 200: referenceSummarySchema },
  },
  live: {
    summary:
      "Staff read an enrolment's live Multicaixa reference ('creating' or 'active'), or null (none, or references off), for the WhatsApp text",
    params: enrollmentParam,
    answers: { 200: z.object({ reference: ownReferenceSchema.nullable() }) },
    errors: { 404: "No such enrolment" },
  },
  unmatched: {
    summary:
      "'Pagamentos por referência': one page of the provider's payments that could not be applied by themselves (unknown reference, wrong amount, enrolment already paid, invalid data), by state (open, archived, applied by hand), searched (q: reference, student) and sorted (default: newest payment first)",
    query: unmatchedQuerySchema,
    answers: {
      200: listPageSchema(unmatchedNotificationSchema).extend({
        /** How many in each state (the filter's labels; the section shows once there is any). */
        counts: z.object({ open: z.number().int(), archived: z.number().int(), applied: z.number().int() }),
      }),
    },
    errors: { 400: "Invalid state, page, page size, search or sort" },
  },
  applyUnmatched: {
    summary:
      "'Aplicar à inscrição': finance records an unmatched reference payment (amount as paid, 'Multicaixa') on an enrolment awaiting payment, which is enrolled; once. An amount short of what the enrolment owes needs `difference` (decision 083): wait for the balance or accept it with a reason",
    params: notificationParam,
    body: applyNotificationSchema,
    answers: { 200: z.object({ notification: unmatchedNotificationSchema }) },
    errors: {
      400: "Invalid enrolment",
      404: "No such notification or enrolment",
      409: "Already applied or archived, its amount is unreadable, the enrolment does not await payment, or the amount is short and no difference choice was given",
    },
  },
  archiveUnmatched: {
    summary: "'Arquivar': finance closes an unmatched reference payment with a reason (e.g. refunded); kept for audit",
    params: notificationParam,
    body: archiveNotificationSchema,
    answers: { 200: z.object({ notification: unmatchedNotificationSchema }) },
    errors: { 400: "Missing reason", 404: "No such notification", 409: "Already applied or archived" },
  },
});
