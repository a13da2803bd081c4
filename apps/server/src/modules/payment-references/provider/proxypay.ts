import { createHmac, timingSafeEqual } from "node:crypto";
import { readProxyPayPayment } from "./proxypay-payment";
import { amountString, ProviderError, type ReferenceProvider } from "./reference-provider";

export interface ProxyPayOptions {
  baseUrl: string;
  apiKey: string;
  entity: string;
  /** Every call gives up after this long (the job is retried). */
  timeoutMs?: number;
}

/**
 * The webhook's signature rule, in ONE place so that the provider's contract documentation can correct
 * it: `X-Signature` is the hex HMAC-SHA256 of the raw body keyed with the API key, compared in constant
 * time (the rule the public open-source ProxyPay clients implement).
 */
export function signBody(rawBody: string, apiKey: string): string {
  return createHmac("sha256", apiKey).update(rawBody, "utf8").digest("hex");
}

/** The header's shape (64 hex digits), checked before the body is read: anything else is refused unread. */
export const signatureWellFormed = (header: string | undefined) => /^[0-9a-fA-F]{64}$/.test(header?.trim() ?? "");

export function signatureMatches(rawBody: string, header: string | undefined, apiKey: string): boolean {
  if (!header || !signatureWellFormed(header)) return false;
  const expected = Buffer.from(signBody(rawBody, apiKey), "hex");
  const given = Buffer.from(header.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
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
      const res = await call("PUT", `/references/${encodeURIComponent(referenceId)}`, {
        amount: amountString(input.amount),
        end_datetime: apiDateTime(input.endsAt),
        custom_fields: input.customFields,
      });
      await expect(res, [200, 204], "PUT /references");
    },
    async deleteReference(referenceId) {
      const res = await call("DELETE", `/references/${encodeURIComponent(referenceId)}`);
      await expect(res, [200, 204, 404], "DELETE /references");
    },
    async listPayments() {
      const res = await call("GET", "/payments");
      await expect(res, [200], "GET /payments");
      const list = (await res.json()) as unknown;
      return Array.isArray(list) ? list : [];
    },
    async acknowledgePayment(paymentId) {
      const res = await call("DELETE", `/payments/${encodeURIComponent(paymentId)}`);
      await expect(res, [200, 204, 404], "DELETE /payments");
    },
    signatureWellFormed,
    verifySignature(rawBody, header) {
      return signatureMatches(rawBody, header, options.apiKey);
    },
    readPayment: readProxyPayPayment,
  };
}
