import { createHash } from "node:crypto";
import { PROVIDER_PAYMENT_FIELDS as FIELD, PROVIDER_PAYMENT_PROBLEMS as PROBLEM } from "@app/shared/messages";
import { z } from "@app/shared/zod";
import { NOTIFICATION_COLUMNS as COLUMNS } from "../../../db/schema";
import { amountCents, type InvalidProviderPayment, type PaymentReading } from "./reference-provider";
import { safeText, wellFormed } from "./storable";

/**
 * ProxyPay v2's payment object (webhook body, or one item of GET /payments) read against the columns
 * that keep it (decision 079): a field that does not fit makes the payment 'invalid' for finance
 * instead of a database error that would answer 500 and stop the poll.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A provider's text field (JSON string or number), trimmed, at most `max` characters, no control characters. */
const providerText = (field: string, max: number, pattern?: RegExp) =>
  z
    .union([z.string(), z.number()], { error: PROBLEM.missing(field) })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: PROBLEM.missing(field), abort: true })
        .refine((s) => !CONTROL.test(s), { error: PROBLEM.control(field), abort: true })
        .max(max, { error: PROBLEM.tooLong(field, max), abort: true })
        .refine((s) => !pattern || pattern.test(s), PROBLEM.characters(field)),
    );

/** An ISO 8601 date-time with a 4-digit year (ProxyPay's datetime), 2000 to 9999. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const paidAt = z
  .string({ error: PROBLEM.datetime })
  .regex(ISO_DATE_TIME, PROBLEM.datetime)
  .transform((s) => new Date(s))
  .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 9999, PROBLEM.datetime);

const amount = z
  .union([z.string(), z.number()], { error: PROBLEM.amount })
  .transform((v) => amountCents(v))
  .refine((cents) => cents !== null, PROBLEM.amount)
  .transform((cents) => cents!);

/** The payment as our columns hold it; an id made of letters, digits, '.', '_' and '-' (ProxyPay's are digits). */
export const proxyPayPaymentSchema = z.object({
  id: providerText(FIELD.id, COLUMNS.providerPaymentId, /^[\w.-]+$/),
  reference_id: providerText(FIELD.reference, COLUMNS.reference),
  entity_id: providerText(FIELD.entity, COLUMNS.entity).nullish(),
  amount,
  datetime: paidAt,
});

/** A payment read against our columns: the payment, or what could be read of it and why it is invalid. */
export function readProxyPayPayment(raw: unknown): PaymentReading {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    return { invalid: invalidPayment(raw, {}, PROBLEM.notAPayment) };
  }
  const parsed = proxyPayPaymentSchema.safeParse(raw);
  if (parsed.success) {
    const p = parsed.data;
    return {
      payment: {
        id: p.id,
        referenceId: p.reference_id,
        entityId: p.entity_id ?? null,
        amountCents: p.amount,
        paidAt: p.datetime,
      },
    };
  }
  const reasons = [...new Set(parsed.error.issues.map((i) => i.message))];
  return { invalid: invalidPayment(raw, raw as Record<string, unknown>, reasons.join("; ")) };
}

/** Each field that fits as read; the others as safe text (control characters escaped, truncated), or null. */
function invalidPayment(raw: unknown, p: Record<string, unknown>, reason: string): InvalidProviderPayment {
  const shape = proxyPayPaymentSchema.shape;
  const id = shape.id.safeParse(p.id);
  const rawId = typeof p.id === "string" || typeof p.id === "number" ? String(p.id) : null;
  const readAmount = shape.amount.safeParse(p.amount);
  const readDate = shape.datetime.safeParse(p.datetime);
  return {
    key: id.success ? id.data : `invalid:${digest(rawId ?? JSON.stringify(raw) ?? String(raw))}`,
    // Sent back in the acknowledgement's URL (encoded) through a queue job, whose JSON cannot hold a NUL.
    acknowledgeId: rawId && rawId.length <= 200 && !rawId.includes("\u0000") ? rawId : null,
    entity: safeText(p.entity_id, COLUMNS.entity),
    reference: safeText(p.reference_id, COLUMNS.reference),
    amountCents: readAmount.success ? readAmount.data : null,
    paidAt: readDate.success ? readDate.data : null,
    reason: reason.slice(0, COLUMNS.invalidReason),
  };
}

/** 32 hex digits of SHA-256: a key of at most 40 characters with the 'invalid:' prefix. */
const digest = (text: string) => createHash("sha256").update(wellFormed(text)).digest("hex").slice(0, 32);
