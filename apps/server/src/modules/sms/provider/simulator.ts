import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { nodeRequestText } from "../../../http/node-request-text";
import { twilioSignature } from "./twilio";

/**
 * A local simulator of Twilio's Messages API (issue 36): the same path, form fields, Basic auth and
 * answers as the client uses; each accepted message gets a SID, then its status callbacks are POSTed
 * (queued → sent → delivered, or → undelivered/failed with an error code), signed with X-Twilio-Signature
 * as Twilio signs them. What happens to a number is chosen per number (`setNumber`, or POST
 * /_sim/numbers); by default a number whose last four digits are 0003 is undelivered (30003, phone off)
 * and 0005 failed (30005, unknown number), the others delivered. Started by the tests (random port) and
 * by `npm run sms-sim`.
 */
export interface SmsSimulatorOptions {
  accountSid: string;
  authToken: string;
  port?: number;
  host?: string;
  /** Between two status callbacks of one message (default 100 ms). */
  callbackDelayMs?: number;
}

/** What the simulator does with a message to one number. */
export type NumberBehaviour =
  | { kind: "deliver" }
  | { kind: "undelivered" | "failed"; errorCode: string }
  /** Twilio refuses the message (HTTP 400 with this code, e.g. 21211 invalid 'To'). */
  | { kind: "refuse"; errorCode: string }
  /** The next `times` requests answer 500 (then it delivers). */
  | { kind: "error500"; times: number }
  /** The next `times` requests get no answer for `ms` (then it delivers). */
  | { kind: "stall"; times: number; ms: number };

export interface SimMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  /** Every status posted, with our server's HTTP answer. */
  callbacks: { status: string; answer: number | null }[];
  receivedAt: Date;
}

export interface SmsSimulator {
  url: string;
  /** The messages accepted, in order. */
  messages: SimMessage[];
  /** Requests that reached the Messages route (accepted or not), counted per number. */
  attempts: Map<string, number>;
  setNumber(to: string, behaviour: NumberBehaviour): void;
  /**
   * Posts the status callbacks to this origin instead of the callback URL's own (a server behind a proxy,
   * or on a test's random port), still signing the URL it was given, as Twilio does.
   */
  setCallbackOrigin(origin: string): void;
  /** Resolves once a message to `to` was accepted and its last status callback was answered. */
  waitForFinalStatus(to: string, timeoutMs?: number): Promise<SimMessage>;
  /** The exact signature Twilio would put on these fields posted to `url`. */
  sign(url: string, fields: URLSearchParams): string;
  close(): Promise<void>;
}

const defaultBehaviour = (to: string): NumberBehaviour =>
  to.endsWith("0003")
    ? { kind: "undelivered", errorCode: "30003" }
    : to.endsWith("0005")
      ? { kind: "failed", errorCode: "30005" }
      : { kind: "deliver" };

const newSid = () => `SM${randomBytes(16).toString("hex")}`;

export async function startSmsSimulator(options: SmsSimulatorOptions): Promise<SmsSimulator> {
  const messages: SimMessage[] = [];
  const attempts = new Map<string, number>();
  const behaviours = new Map<string, NumberBehaviour>();
  const finished = new Set<SimMessage>();
  const waiters: (() => void)[] = [];
  const delay = options.callbackDelayMs ?? 100;
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const messagesPath = `/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  const stalls = new Set<ServerResponse>();
  let closed = false;
  let callbackOrigin: string | undefined;

  const sign = (url: string, fields: URLSearchParams) => twilioSignature(url, fields, options.authToken);
  const notify = () => {
    for (const w of waiters.splice(0)) w();
  };

  async function postStatus(message: SimMessage, status: string, errorCode?: string) {
    if (!message.statusCallback || closed) return;
    const fields = new URLSearchParams({
      AccountSid: options.accountSid,
      ApiVersion: "2010-04-01",
      From: message.from,
      MessageSid: message.sid,
      MessageStatus: status,
      SmsSid: message.sid,
      SmsStatus: status,
      To: message.to,
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    });
    let answer: number | null = null;
    try {
      const target = callbackOrigin
        ? new URL(new URL(message.statusCallback).pathname + new URL(message.statusCallback).search, callbackOrigin)
        : message.statusCallback;
      const res = await fetch(target, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Twilio-Signature": sign(message.statusCallback, fields),
        },
        body: fields,
        signal: AbortSignal.timeout(10_000),
      });
      answer = res.status;
      await res.body?.cancel();
    } catch {
      answer = null;
    }
    message.callbacks.push({ status, answer });
  }

  async function runCallbacks(message: SimMessage, behaviour: NumberBehaviour) {
    const steps: [string, string?][] =
      behaviour.kind === "undelivered" || behaviour.kind === "failed"
        ? [["queued"], ["sent"], [behaviour.kind, behaviour.errorCode]]
        : [["queued"], ["sent"], ["delivered"]];
    for (const [status, code] of steps) {
      await new Promise((r) => setTimeout(r, delay));
      await postStatus(message, status, code);
    }
    finished.add(message);
    notify();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://sim");
    const raw = await nodeRequestText(req);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };

    if (url.pathname.startsWith("/_sim/")) {
      if (req.method === "GET" && url.pathname === "/_sim/messages") return send(200, messages);
      if (req.method === "POST" && url.pathname === "/_sim/numbers") {
        const input = JSON.parse(raw || "{}") as { to?: string; behaviour?: NumberBehaviour };
        if (!input.to || !input.behaviour) return send(400, { error: "to and behaviour are required" });
        behaviours.set(input.to, input.behaviour);
        return send(204);
      }
      return send(404);
    }
    if (req.headers.authorization !== expectedAuth) {
      return send(401, { code: 20003, message: "Authenticate", status: 401 });
    }
    if (req.method !== "POST" || url.pathname !== messagesPath) {
      return send(404, { code: 20404, message: "The requested resource was not found", status: 404 });
    }
    const form = new URLSearchParams(raw);
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? form.get("MessagingServiceSid") ?? "";
    const body = form.get("Body") ?? "";
    attempts.set(to, (attempts.get(to) ?? 0) + 1);
    if (!/^\+\d{8,15}$/.test(to)) {
      return send(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
    }
    if (!from) return send(400, { code: 21603, message: "A 'From' or 'MessagingServiceSid' is required", status: 400 });
    if (!body) return send(400, { code: 21602, message: "Message body is required.", status: 400 });

    const behaviour = behaviours.get(to) ?? defaultBehaviour(to);
    if (behaviour.kind === "refuse") {
      return send(400, { code: Number(behaviour.errorCode), message: "Refused by the simulator", status: 400 });
    }
    if (behaviour.kind === "error500" && behaviour.times > 0) {
      behaviour.times--;
      return send(500, { code: 20500, message: "Internal Server Error", status: 500 });
    }
    if (behaviour.kind === "stall" && behaviour.times > 0) {
      behaviour.times--;
      stalls.add(res);
      await new Promise((r) => setTimeout(r, behaviour.ms));
      stalls.delete(res);
      if (res.destroyed) return;
      return send(503, { code: 20503, message: "Service unavailable", status: 503 });
    }
    const message: SimMessage = {
      sid: newSid(),
      to,
      from,
      body,
      statusCallback: form.get("StatusCallback"),
      callbacks: [],
      receivedAt: new Date(),
    };
    messages.push(message);
    notify();
    send(201, {
      sid: message.sid,
      account_sid: options.accountSid,
      to,
      from,
      body,
      status: "queued",
      num_segments: "1",
      date_created: message.receivedAt.toUTCString(),
      api_version: "2010-04-01",
    });
    void runCallbacks(message, behaviour);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    messages,
    attempts,
    setNumber(to, behaviour) {
      behaviours.set(to, behaviour);
    },
    setCallbackOrigin(origin) {
      callbackOrigin = origin;
    },
    async waitForFinalStatus(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const done = messages.find((m) => m.to === to && finished.has(m));
        if (done) return done;
        if (Date.now() > deadline) throw new Error(`no finished message to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const r of stalls) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
