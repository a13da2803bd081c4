import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmsSimulator, startSmsSimulator } from "./simulator";
import { SmsProviderError } from "./sms-provider";
import { createTwilioProvider, twilioSignature } from "./twilio";

const ACCOUNT = `AC${"a1".repeat(16)}`;
const TOKEN = "token-de-teste-twilio-123";

describe("Twilio's request signature", () => {
  it("matches the example of Twilio's security documentation", () => {
    const fields = new URLSearchParams({
      CallSid: "CA1234567890ABCDE",
      Caller: "+12349013030",
      Digits: "1234",
      From: "+12349013030",
      To: "+18005551212",
    });
    expect(twilioSignature("https://mycompany.com/myapp.php?foo=1&bar=2", fields, "12345")).toBe(
      "0/KCTR6DLpKmkAf8muzZqo1nDgQ=",
    );
  });
});

describe("the Twilio adapter against the simulator", () => {
  let sim: SmsSimulator;
  let callbacks: { url: string; fields: URLSearchParams; signature: string | undefined }[];
  let callbackUrl: string;
  const receiver = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      callbacks.push({
        url: callbackUrl,
        fields: new URLSearchParams(raw),
        signature: req.headers["x-twilio-signature"] as string | undefined,
      });
      res.writeHead(204).end();
    });
  });
  beforeAll(async () => {
    callbacks = [];
    sim = await startSmsSimulator({ accountSid: ACCOUNT, authToken: TOKEN, callbackDelayMs: 10 });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/sms/status`;
  });
  afterAll(async () => {
    await sim.close();
    receiver.close();
  });
  const provider = () =>
    createTwilioProvider({ accountSid: ACCOUNT, authToken: TOKEN, from: "INSTITUTO", baseUrl: sim.url });

  it("sends one message and gets its SID; the status callbacks are signed as Twilio signs them", async () => {
    const { providerId } = await provider().send({
      to: "+244923456789",
      body: "Ola Ana",
      statusCallback: callbackUrl,
    });
    expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sim.messages).toMatchObject([{ sid: providerId, to: "+244923456789", from: "INSTITUTO", body: "Ola Ana" }]);
    await sim.waitForFinalStatus("+244923456789");
    expect(callbacks.map((c) => c.fields.get("MessageStatus"))).toEqual(["queued", "sent", "delivered"]);
    for (const c of callbacks) expect(provider().verifyCallback(c.url, c.fields, c.signature)).toBe(true);
    const last = callbacks.at(-1)!;
    expect(provider().readStatus(last.fields)).toEqual({ providerId, state: "delivered", errorCode: null });
    // Any field changed, another URL, or another token: not Twilio's.
    const forged = new URLSearchParams(last.fields);
    forged.set("MessageStatus", "failed");
    expect(provider().verifyCallback(last.url, forged, last.signature)).toBe(false);
    expect(provider().verifyCallback(`${last.url}?x=1`, last.fields, last.signature)).toBe(false);
    const other = createTwilioProvider({
      accountSid: ACCOUNT,
      authToken: "outro-token-qualquer-1",
      from: "X",
      baseUrl: sim.url,
    });
    expect(other.verifyCallback(last.url, last.fields, last.signature)).toBe(false);
    expect(provider().verifyCallback(last.url, last.fields, undefined)).toBe(false);
  });

  it("reports an undelivered number with its error code", async () => {
    callbacks = [];
    const { providerId } = await provider().send({ to: "+244923450003", body: "x", statusCallback: callbackUrl });
    await sim.waitForFinalStatus("+244923450003");
    expect(provider().readStatus(callbacks.at(-1)!.fields)).toEqual({
      providerId,
      state: "failed",
      errorCode: "30003",
    });
  });

  it("a refused number is a permanent error; a 500, a wrong token and a timeout are worth another try", async () => {
    sim.setNumber("+244911111111", { kind: "refuse", errorCode: "21211" });
    const refused = await provider()
      .send({ to: "+244911111111", body: "x", statusCallback: callbackUrl })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsProviderError);
    expect(refused).toMatchObject({ permanent: true, code: "21211" });

    sim.setNumber("+244922222222", { kind: "error500", times: 1 });
    const failed = await provider()
      .send({ to: "+244922222222", body: "x", statusCallback: callbackUrl })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ permanent: false });

    const wrongToken = createTwilioProvider({
      accountSid: ACCOUNT,
      authToken: "errado-errado-errado",
      from: "X",
      baseUrl: sim.url,
    });
    expect(
      await wrongToken.send({ to: "+244923456789", body: "x", statusCallback: callbackUrl }).catch((e) => e),
    ).toMatchObject({
      permanent: false,
    });

    sim.setNumber("+244933333333", { kind: "stall", times: 1, ms: 2_000 });
    const slow = createTwilioProvider(
      { accountSid: ACCOUNT, authToken: TOKEN, from: "X", baseUrl: sim.url },
      { timeoutMs: 200 },
    );
    expect(
      await slow.send({ to: "+244933333333", body: "x", statusCallback: callbackUrl }).catch((e) => e),
    ).toMatchObject({
      permanent: false,
    });
  });

  it("sends a Messaging Service SID as MessagingServiceSid", async () => {
    const service = `MG${"b2".repeat(16)}`;
    const viaService = createTwilioProvider({ accountSid: ACCOUNT, authToken: TOKEN, from: service, baseUrl: sim.url });
    await viaService.send({ to: "+244944444444", body: "y", statusCallback: callbackUrl });
    expect(sim.messages.at(-1)).toMatchObject({ to: "+244944444444", from: service });
  });
});
