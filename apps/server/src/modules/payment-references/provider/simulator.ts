import { randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { nodeRequestText } from "../../../http/node-request-text";
import { signBody } from "./proxypay";
import { amountCents, amountString } from "./reference-provider";

/**
 * A local simulator of ProxyPay's v2 protocol (issue 26): references and payments in memory, the same
 * paths, headers and answers as the client uses, and a "pay" action that records a payment as an ATM
 * would and POSTs the signed webhook to our server. Started by the tests (random port) and by
 * `npm run proxypay-sim` (PROXYPAY_SIM=1 with `npm run dev`).
 */
export interface SimulatorOptions {
  apiKey: string;
  entity: string;
  /** Where the "pay" action POSTs the webhook (our /api/payment-references/webhook). */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

export interface SimReference {
  id: string;
  amount: string;
  endDatetime: string;
  customFields: Record<string, unknown>;
}

export interface SimPayment {
  id: number;
  reference_id: number;
  entity_id: number;
  amount: string;
  datetime: string;
  custom_fields: Record<string, unknown>;
  terminal_type: string;
  terminal_location: string;
  transaction_id: number;
  fee: string;
}

/** Any object a faulty provider could send as a payment (tests of what our server does with one). */
export type RawPayment = Record<string, unknown>;

export interface Simulator {
  url: string;
  references: Map<string, SimReference>;
  /** Payments not yet acknowledged, by their id as text, in the order made (DELETE /payments/{id} removes them). */
  payments: Map<string, SimPayment | RawPayment>;
  /** The ids acknowledged, as the payments carry them. */
  acknowledged: unknown[];
  /** The payment as an ATM would record it, the webhook POSTed unless `deliver` is false (a lost webhook). */
  pay(
    referenceId: string,
    opts?: { amount?: string; deliver?: boolean },
  ): Promise<{ payment: SimPayment; webhookStatus: number | null }>;
  /**
   * A payment object exactly as given, as a faulty provider might report it: listed by GET /payments (and
   * acknowledged by its id) and its signed webhook POSTed unless `deliver` is false.
   */
  report(raw: RawPayment, opts?: { deliver?: boolean }): Promise<{ webhookStatus: number | null }>;
  /** The exact body and signature the webhook of `payment` carries. */
  signed(payment: SimPayment | RawPayment): { body: string; signature: string };
  /** Where the webhook goes from now on (a server started after the simulator). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

const JSON_TYPE = "application/vnd.proxypay.v2+json";

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const references = new Map<string, SimReference>();
  const payments = new Map<string, SimPayment | RawPayment>();
  const acknowledged: unknown[] = [];
  let nextPaymentId = 80_000_000 + randomInt(1_000_000);

  const signed = (payment: SimPayment | RawPayment) => {
    const body = JSON.stringify(payment);
    return { body, signature: signBody(body, options.apiKey) };
  };

  async function deliver(payment: SimPayment | RawPayment): Promise<number | null> {
    if (!options.webhookUrl) return null;
    const { body, signature } = signed(payment);
    try {
      const res = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Signature": signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return res.status;
    } catch {
      return null;
    }
  }

  async function pay(referenceId: string, opts: { amount?: string; deliver?: boolean } = {}) {
    const ref = references.get(referenceId);
    const amount = opts.amount ?? ref?.amount;
    if (!amount) throw new Error(`unknown reference ${referenceId} and no amount given`);
    const payment: SimPayment = {
      id: nextPaymentId++,
      reference_id: Number(referenceId),
      entity_id: Number(options.entity),
      amount,
      datetime: new Date().toISOString(),
      custom_fields: ref?.customFields ?? {},
      terminal_type: "ATM",
      terminal_location: "LUANDA",
      transaction_id: randomInt(1_000_000, 9_999_999),
      fee: "100.00",
    };
    payments.set(String(payment.id), payment);
    const webhookStatus = opts.deliver === false ? null : await deliver(payment);
    return { payment, webhookStatus };
  }

  async function report(raw: RawPayment, opts: { deliver?: boolean } = {}) {
    payments.set(typeof raw.id === "string" || typeof raw.id === "number" ? String(raw.id) : randomUUID(), raw);
    return { webhookStatus: opts.deliver === false ? null : await deliver(raw) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://sim");
    const raw = await nodeRequestText(req);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { "Content-Type": JSON_TYPE });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const parts = url.pathname.split("/").filter(Boolean);

    // The simulator's own actions (no ProxyPay counterpart): pay a reference, see the state.
    if (parts[0] === "_sim") {
      if (req.method === "POST" && parts[1] === "pay") {
        const input = JSON.parse(raw || "{}") as { reference?: string; amount?: string; deliver?: boolean };
        try {
          return send(200, await pay(String(input.reference ?? ""), input));
        } catch (err) {
          return send(404, { error: (err as Error).message });
        }
      }
      if (req.method === "GET" && parts[1] === "state") {
        return send(200, { references: [...references.values()], payments: [...payments.values()], acknowledged });
      }
      return send(404);
    }

    if (req.headers.authorization !== `Token ${options.apiKey}`) return send(401, { error: "unauthorized" });
    if (!String(req.headers.accept ?? "").includes(JSON_TYPE)) return send(406, { error: "not acceptable" });

    if (req.method === "POST" && url.pathname === "/reference_ids") {
      let id: string;
      do id = String(randomInt(100_000_000, 999_999_999));
      while (references.has(id));
      return send(200, Number(id));
    }
    if (parts[0] === "references" && parts[1] && /^\d{9}$/.test(parts[1])) {
      if (req.method === "PUT") {
        const body = JSON.parse(raw || "{}") as { amount?: string; end_datetime?: string; custom_fields?: object };
        const cents = amountCents(body.amount ?? "");
        if (cents === null || !/^\d+\.\d{2}$/.test(body.amount ?? "")) return send(400, { amount: "invalid" });
        references.set(parts[1], {
          id: parts[1],
          amount: amountString(cents / 100),
          endDatetime: body.end_datetime ?? "",
          customFields: (body.custom_fields ?? {}) as Record<string, unknown>,
        });
        return send(204);
      }
      if (req.method === "DELETE") return send(references.delete(parts[1]) ? 204 : 404);
    }
    if (req.method === "GET" && url.pathname === "/payments") return send(200, [...payments.values()]);
    if (req.method === "DELETE" && parts[0] === "payments" && parts[1]) {
      const id = decodeURIComponent(parts[1]);
      const payment = payments.get(id);
      if (!payment) return send(404);
      payments.delete(id);
      acknowledged.push(payment.id);
      return send(204);
    }
    return send(404);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    references,
    payments,
    acknowledged,
    pay,
    report,
    signed,
    setWebhookUrl(url) {
      options.webhookUrl = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
