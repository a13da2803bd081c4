import { MAIL_FAILURE_DETAILS, MAIL_FAILURE_REASONS } from "@app/shared/messages";
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

/**
 * nodemailer's real errors, as the worker meets them, put in a director's words for the super_admin; the
 * setting a technician changes (SMTP_URL) only in the details (decision 088).
 */
describe("an e-mail's last error in words", () => {
  let stalled: SmtpSink;
  beforeAll(async () => {
    stalled = await startSmtpSink({ stalled: true });
  });
  afterAll(() => stalled.close());

  it("a server that accepts the connection and never greets", async () => {
    const transport = nodemailer.createTransport({ url: stalled.url, greetingTimeout: 300 });
    const err = await transport.sendMail(message).catch((e: unknown) => e);
    expect(describeMailError(stored(err))).toEqual({ error: MAIL_FAILURE_REASONS.timeout, technicalDetail: null });
  });

  it("a server that is down", async () => {
    const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${await freePort()}` });
    const err = await transport.sendMail(message).catch((e: unknown) => e);
    const described = describeMailError(stored(err));
    expect(described).toEqual({
      error: MAIL_FAILURE_REASONS.connection,
      technicalDetail: MAIL_FAILURE_DETAILS.connection,
    });
    expect(described.error).toBe(
      "O portal não conseguiu contatar o servidor de e-mail: ele está desligado ou o endereço configurado está errado. Peça ao técnico que instalou o portal que verifique a configuração do e-mail.",
    );
    expect(described.technicalDetail).toContain("SMTP_URL");
  });

  it("a delivery cut when the portal's server stopped, and pg-boss's own words for it", async () => {
    const stop = new AbortController();
    const transport = nodemailer.createTransport({ url: stalled.url });
    const sending = transport.sendMail({ ...message, signal: stop.signal }).catch((e: unknown) => e);
    await stalled.waitForStalledConnections(2); // the first test's, then this one
    stop.abort();
    expect(describeMailError(stored(await sending)).error).toBe(MAIL_FAILURE_REASONS.interrupted);
    expect(describeMailError({ value: "pg-boss shut down while active" }).error).toBe(MAIL_FAILURE_REASONS.interrupted);
  });

  it("a refusal with an SMTP code, and anything else", () => {
    expect(describeMailError({ code: "EMESSAGE", responseCode: 552, message: "Message too large" })).toEqual({
      error: "O servidor de e-mail recusou a mensagem (código 552).",
      technicalDetail: null,
    });
    const auth = describeMailError({ code: "EAUTH", responseCode: 535 });
    expect(auth.error).toBe(MAIL_FAILURE_REASONS.auth);
    expect(auth.technicalDetail).toContain("SMTP_URL");
    expect(describeMailError(null)).toEqual({ error: MAIL_FAILURE_REASONS.unexpected, technicalDetail: null });
  });

  it("says no variable, address setting or restart to the director: those are the technician's", () => {
    for (const reason of Object.values(MAIL_FAILURE_REASONS)) expect(reason).not.toMatch(/SMTP_URL|variável|reinici/);
  });
});
