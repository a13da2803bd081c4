/**
 * A payment-reference provider (issue 26, decision 075): it issues Multicaixa references (entity +
 * reference + amount) and reports the payments made with them. ProxyPay's v2 protocol (proxypay.ts) is
 * the first implementation; the simulator (simulator.ts) speaks the same protocol. Another provider is
 * another implementation of this interface; nothing outside this folder knows ProxyPay's formats.
 */
export interface ReferenceProvider {
  /** The 5-digit entity the references belong to. */
  readonly entity: string;
  /** A new reference number, then the reference itself (idempotent: the same id may be put again). */
  newReferenceId(): Promise<string>;
  putReference(referenceId: string, input: ReferenceInput): Promise<void>;
  /** Removes a reference that must no longer be paid (a reference already gone is not an error). */
  deleteReference(referenceId: string): Promise<void>;
  /** Payments not yet acknowledged, as the provider sent them: each is read with `readPayment`. */
  listPayments(): Promise<unknown[]>;
  /** Marks a payment as processed (after our transaction committed). */
  acknowledgePayment(paymentId: string): Promise<void>;
  /** Whether a webhook's signature header has the signature's shape: decided before the body is read. */
  signatureWellFormed(header: string | undefined): boolean;
  /** Whether a webhook's signature header signs its raw body. */
  verifySignature(rawBody: string, header: string | undefined): boolean;
  /** One payment (webhook body or list item) checked against our columns (decision 079). */
  readPayment(raw: unknown): PaymentReading;
}

export interface ReferenceInput {
  /** Whole kwanzas, as our money columns hold them. */
  amount: number;
  endsAt: Date;
  customFields: Record<string, string>;
}

/** A provider's payment that fits our columns. */
export interface ProviderPayment {
  id: string;
  referenceId: string;
  /** Null when the provider did not say: the provider's own entity. */
  entityId: string | null;
  amountCents: number;
  paidAt: Date;
}

/**
 * A provider's payment that does not fit our columns (decision 079): what could be read of it, made
 * safe to store (truncated, control characters escaped), and why, for finance to see.
 */
export interface InvalidProviderPayment {
  /** The unique key of the notification: the provider's id when it fits, else a digest of it. */
  key: string;
  /** The id to acknowledge at the provider, or null when there is none that can be sent back. */
  acknowledgeId: string | null;
  entity: string;
  reference: string;
  amountCents: number | null;
  paidAt: Date | null;
  /** Portuguese, for finance: each field that does not fit, and why. */
  reason: string;
}

export type PaymentReading = { payment: ProviderPayment } | { invalid: InvalidProviderPayment };

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The largest amount numeric(14,2) holds, in cents: 999 999 999 999,99. */
export const MAX_AMOUNT_CENTS = 10 ** 14 - 1;

/**
 * "150000.00" from whole kwanzas or a numeric(14,2) value read as a number, by digits: the cents come
 * from the integer of cents, never from a float's printing.
 */
export function amountString(amount: number): string {
  const cents = Math.round(amount * 100);
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`invalid amount ${amount}`);
  const s = cents.toString().padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** Cents of a provider amount string ("150000.00", "150000.5", "150000") that numeric(14,2) holds, or null. */
export function amountCents(value: string | number): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}
