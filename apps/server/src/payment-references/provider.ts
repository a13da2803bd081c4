import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A payment-reference provider (issue 26, decision 075): it issues Multicaixa references (entity +
 * reference + amount) and reports the payments made with them. ProxyPay's v2 protocol is the first
 * implementation; the simulator (simulator.ts) speaks the same protocol.
 */
export interface ReferenceProvider {
  /** The 5-digit entity the references belong to. */
  readonly entity: string;
  /** A new reference number, then the reference itself (idempotent: the same id may be put again). */
  newReferenceId(): Promise<string>;
  putReference(referenceId: string, input: ReferenceInput): Promise<void>;
  /** Removes a reference that must no longer be paid (a reference already gone is not an error). */
  deleteReference(referenceId: string): Promise<void>;
  /** Payments not yet acknowledged. */
  listPayments(): Promise<ProviderPayment[]>;
  /** Marks a payment as processed (after our transaction committed). */
  acknowledgePayment(paymentId: string): Promise<void>;
  /** Whether a webhook's `X-Signature` header signs its raw body. */
  verifySignature(rawBody: string, header: string | undefined): boolean;
}

export interface ReferenceInput {
  /** Whole kwanzas, as our money columns hold them. */
  amount: number;
  endsAt: Date;
  customFields: Record<string, string>;
}

/** A payment as ProxyPay v2 reports it (webhook body, or one item of GET /payments); other fields are kept aside. */
export interface ProviderPayment {
  id: string;
  referenceId: string;
  entityId: string;
  /** "150000.00" as the provider sends it. */
  amount: string;
  /** ISO date-time of the payment at the terminal. */
  datetime: string;
  customFields: Record<string, unknown>;
}

export interface ProxyPayOptions {
  baseUrl: string;
  apiKey: string;
  entity: string;
  /** Every call gives up after this long (the job is retried). */
  timeoutMs?: number;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

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

/** Cents of a provider amount string ("150000.00", "150000.5", "150000"), or null when it is not one. */
export function amountCents(value: string | number): number | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/**
 * The webhook's signature rule, in ONE place so that the provider's contract documentation can correct
 * it: `X-Signature` is the hex HMAC-SHA256 of the raw body keyed with the API key, compared in constant
 * time (the rule the public open-source ProxyPay clients implement).
 */
export function signBody(rawBody: string, apiKey: string): string {
  return createHmac("sha256", apiKey).update(rawBody, "utf8").digest("hex");
}

export function signatureMatches(rawBody: string, header: string | undefined, apiKey: string): boolean {
  if (!header || !/^[0-9a-fA-F]{64}$/.test(header.trim())) return false;
  const expected = Buffer.from(signBody(rawBody, apiKey), "hex");
  const given = Buffer.from(header.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One payment object of the protocol (webhook body or GET /payments item) in our shape, or null. */
export function readPayment(raw: unknown): ProviderPayment | null {
  if (!raw || typeof raw !== "object") return null;
  const p = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "number" || typeof v === "string" ? String(v) : null);
  const id = text(p.id);
  const referenceId = text(p.reference_id);
  const amount = text(p.amount);
  if (!id || !referenceId || !amount) return null;
  return {
    id,
    referenceId,
    entityId: text(p.entity_id) ?? "",
    amount,
    datetime: text(p.datetime) ?? new Date().toISOString(),
    customFields:
      p.custom_fields && typeof p.custom_fields === "object" ? (p.custom_fields as Record<string, unknown>) : {},
  };
}

/** ProxyPay's API date-time: ISO 8601 in UTC without milliseconds. */
const apiDateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** A thin ProxyPay v2 client with fetch (no maintained TypeScript client exists). */
export function createProxyPayProvider(options: ProxyPayOptions): ReferenceProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Token ${options.apiKey}`,
          Accept: "application/vnd.proxypay.v2+json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ProviderError(`ProxyPay ${method} ${path}: ${(err as Error).message}`);
    }
    return res;
  }
  async function expect(res: Response, ok: number[], what: string) {
    if (ok.includes(res.status)) return;
    const text = await res.text().catch(() => "");
    throw new ProviderError(`ProxyPay ${what}: HTTP ${res.status} ${text.slice(0, 200)}`, res.status);
  }

  return {
    entity: options.entity,
    async newReferenceId() {
      const res = await call("POST", "/reference_ids");
      await expect(res, [200, 201], "POST /reference_ids");
      const id = String(await res.json()).replace(/"/g, "");
      if (!/^\d{9}$/.test(id))
        throw new ProviderError(`ProxyPay POST /reference_ids: unexpected answer ${id.slice(0, 30)}`);
      return id;
    },
    async putReference(referenceId, input) {
      const res = await call("PUT", `/references/${referenceId}`, {
        amount: amountString(input.amount),
        end_datetime: apiDateTime(input.endsAt),
        custom_fields: input.customFields,
      });
      await expect(res, [200, 204], "PUT /references");
    },
    async deleteReference(referenceId) {
      const res = await call("DELETE", `/references/${referenceId}`);
      await expect(res, [200, 204, 404], "DELETE /references");
    },
    async listPayments() {
      const res = await call("GET", "/payments");
      await expect(res, [200], "GET /payments");
      const list = (await res.json()) as unknown;
      return (Array.isArray(list) ? list : []).flatMap((p) => readPayment(p) ?? []);
    },
    async acknowledgePayment(paymentId) {
      const res = await call("DELETE", `/payments/${paymentId}`);
      await expect(res, [200, 204, 404], "DELETE /payments");
    },
    verifySignature(rawBody, header) {
      return signatureMatches(rawBody, header, options.apiKey);
    },
  };
}
