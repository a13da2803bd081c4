import { MAIL_FAILURE_REASONS } from "@app/shared/messages";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { describeMailError } from "./mail-errors";

/** What pg-boss stores for a failed try: the error's own fields, its name and message (serialize-error). */
const stored = (err: unknown) => {
  const e = err as Error;
  return JSON.parse(JSON.stringify({ ...e, name: e.name, message: e.message }));
};
const message = { from: "no-reply@instituto.ao", to: "aluno@exemplo.ao", subject: "Teste", text: "Olá" };

/** nodemailer's real errors, as the worker meets them, put in words for the super_admin. */
describe("an e-mail's last error in words", () => {
  let stalled: SmtpSink;
  beforeAll(async () => {
    stalled = await startSmtpSink({ stalled: true });
  });
  afterAll(() => stalled.close());

  it("a server that accepts the connection and never greets", async () => {
    const transport = nodemailer.createTransport({ url: stalled.url, greetingTimeout: 300 });
    const err = await transport.sendMail(message).catch((e: unknown) => e);
    expect(describeMailError(stored(err))).toBe(MAIL_FAILURE_REASONS.timeout);
  });

  it("a server that is down", async () => {
    const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${await freePort()}` });
    const err = await transport.sendMail(message).catch((e: unknown) => e);
    expect(describeMailError(stored(err))).toBe(MAIL_FAILURE_REASONS.connection);
  });

  it("a delivery cut when the portal's server stopped, and pg-boss's own words for it", async () => {
    const stop = new AbortController();
    const transport = nodemailer.createTransport({ url: stalled.url });
    const sending = transport.sendMail({ ...message, signal: stop.signal }).catch((e: unknown) => e);
    await stalled.waitForStalledConnections(2); // the first test's, then this one
    stop.abort();
    expect(describeMailError(stored(await sending))).toBe(MAIL_FAILURE_REASONS.interrupted);
    expect(describeMailError({ value: "pg-boss shut down while active" })).toBe(MAIL_FAILURE_REASONS.interrupted);
  });

  it("a refusal with an SMTP code, and anything else", () => {
    expect(describeMailError({ code: "EMESSAGE", responseCode: 552, message: "Message too large" })).toBe(
      "O servidor de e-mail recusou a mensagem (código 552).",
    );
    expect(describeMailError({ code: "EAUTH", responseCode: 535 })).toBe(MAIL_FAILURE_REASONS.auth);
    expect(describeMailError(null)).toBe(MAIL_FAILURE_REASONS.unexpected);
  });
});
