import { ENROLLMENT_NOT_FOUND } from "../messages";
import { referenceValidDaysSchema } from "../schemas/enrollment-review";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

/** Multicaixa references through a payment-reference provider (issue 26, decision 075). */

export const REFERENCE_STATUSES = ["creating", "active", "paid", "replaced", "deleted"] as const;
/** What became of a provider's payment notification; all but 'applied' are finance's list. */
export const REFERENCE_NOTIFICATION_OUTCOMES = ["applied", "unknown_reference", "wrong_amount", "not_payable"] as const;
export const REFERENCE_NOTIFICATION_OUTCOME_LABELS: Record<(typeof REFERENCE_NOTIFICATION_OUTCOMES)[number], string> = {
  applied: "Aplicado",
  unknown_reference: "Referência desconhecida",
  wrong_amount: "Valor diferente do devido",
  not_payable: "Inscrição já paga ou fechada",
};
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

export const unmatchedNotificationSchema = z.object({
  id: z.uuid(),
  providerPaymentId: z.string(),
  entity: z.string(),
  reference: z.string(),
  amount: z.number(),
  paidAt: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(REFERENCE_NOTIFICATION_OUTCOMES),
  /** The enrolment the reference belongs to, when it is ours (a wrong amount, an enrolment already paid). */
  enrollmentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  expectedAmount: z.number().nullable(),
});

/** The provider's payment object (ProxyPay v2): read loosely, every field kept. */
const providerPaymentSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  reference_id: z.union([z.number(), z.string()]),
  amount: z.union([z.number(), z.string()]),
});

export const paymentReferenceSchemas = endpointSchemas({
  webhook: {
    summary:
      "The provider's payment notification (public, no session): signed with X-Signature (hex HMAC-SHA256 of the raw body with the API key). Records the payment once per provider payment id, or lists it for finance",
    body: providerPaymentSchema,
    answers: { 200: z.object({ outcome: z.enum([...REFERENCE_NOTIFICATION_OUTCOMES, "duplicate"]) }) },
    errors: { 400: "Not a payment object", 401: "Bad signature", 409: "References are off" },
  },
  listOwn: {
    summary: "The student's Multicaixa references (entity, reference, amount, expiry), newest first",
    answers: { 200: z.object({ references: z.array(ownReferenceSchema) }) },
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
  unmatched: {
    summary:
      "'Pagamentos por referência': the provider's payments that could not be applied (unknown reference, wrong amount, enrolment already paid), newest first",
    answers: { 200: z.object({ notifications: z.array(unmatchedNotificationSchema) }) },
  },
});
