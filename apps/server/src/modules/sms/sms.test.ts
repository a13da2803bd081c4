import { SMS_SIGNATURE_INVALID } from "@app/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { type ApprovalDesk, approvalDesk } from "../../../test/mail";
import { smsHistory, smsOf, smsStatusIs, startSmsContext } from "../../../test/sms";
import { enrollments, smsMessages } from "../../db/schema";

type SmsContext = Awaited<ReturnType<typeof startSmsContext>>;

/** An enrolment awaiting review whose student's phone is `phone`. */
async function pendingWithPhone(ctx: TestContext, desk: ApprovalDesk, email: string, phone: string) {
  const row = await desk.pending(email);
  await ctx.db.update(enrollments).set({ studentPhone: phone }).where(eq(enrollments.id, row.id));
  return row;
}

describe("SMS on approval, through the Twilio simulator", () => {
  let s: SmsContext;
  let desk: ApprovalDesk;
  beforeAll(async () => {
    s = await startSmsContext();
    desk = await approvalDesk(s.ctx, "Informática Básica");
  });
  afterAll(() => s.close());

  it("sends exactly one SMS with the code and amount, then records it delivered in the History", async () => {
    const row = await pendingWithPhone(s.ctx, desk, "ana.sms@exemplo.ao", "+244 923 111 222");
    expect((await desk.approve(row.id, "SMS0001")).status).toBe(200);
    await smsStatusIs(s.ctx, row.id, "delivered");
    const received = s.sim.messages.filter((m) => m.to === "+244923111222");
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("INSTITUTO");
    expect(received[0]!.body).toContain("Codigo SMS0001");
    expect(received[0]!.body).toContain("80 000,00 Kz");
    expect(received[0]!.body).toContain("Informatica Basica");
    const [sms] = await smsOf(s.ctx, row.id);
    expect(sms).toMatchObject({ providerId: received[0]!.sid, to: "+244923111222", template: "approval", tries: 1 });
    expect(await smsHistory(s.ctx, row.id)).toEqual([
      { kind: "sms_sent", note: `Para +244 923 111 222: ${received[0]!.body}` },
      { kind: "sms_delivered", note: null },
    ]);
    // The History as staff read it.
    const detail = await desk.read(row.id);
    expect(detail.events.map((e: { kind: string | null }) => e.kind)).toEqual(
      expect.arrayContaining(["sms_sent", "sms_delivered"]),
    );
  });

  it("20 parallel approvals of one enrolment send one SMS", async () => {
    const row = await pendingWithPhone(s.ctx, desk, "bruno.sms@exemplo.ao", "923222333");
    const answers = await Promise.all(Array.from({ length: 20 }, () => desk.approve(row.id, "SMS0002")));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    await smsStatusIs(s.ctx, row.id, "delivered");
    expect(s.sim.messages.filter((m) => m.to === "+244923222333")).toHaveLength(1);
    expect(s.sim.attempts.get("+244923222333")).toBe(1);
  });

  it("a provider that answers 500 holds no request: the approval answers, the worker tries again and sends once", async () => {
    s.sim.setNumber("+244923333444", { kind: "error500", times: 2 });
    const row = await pendingWithPhone(s.ctx, desk, "carla.sms@exemplo.ao", "923333444");
    expect((await desk.approve(row.id, "SMS0003")).status).toBe(200);
    // Answered before the provider took it: the row waits for the worker's next try.
    await smsStatusIs(s.ctx, row.id, "delivered");
    expect(s.sim.attempts.get("+244923333444")).toBe(3);
    expect(s.sim.messages.filter((m) => m.to === "+244923333444")).toHaveLength(1);
    expect((await smsOf(s.ctx, row.id))[0]).toMatchObject({ tries: 3, error: null });
  });

  it("a number the operator cannot reach: 'não entregue' with the reason", async () => {
    const row = await pendingWithPhone(s.ctx, desk, "dario.sms@exemplo.ao", "923450003");
    expect((await desk.approve(row.id, "SMS0004")).status).toBe(200);
    await smsStatusIs(s.ctx, row.id, "failed");
    expect((await smsOf(s.ctx, row.id))[0]).toMatchObject({ errorCode: "30003" });
    expect(await smsHistory(s.ctx, row.id)).toEqual([
      { kind: "sms_sent", note: expect.stringContaining("Para +244 923 450 003") },
      { kind: "sms_failed", note: "Motivo: celular desligado ou fora de área (erro 30003)" },
    ]);
  });

  it("'Inscrições' marks the enrolment whose latest SMS was not delivered, and no other", async () => {
    const failing = await pendingWithPhone(s.ctx, desk, "badge.falha@exemplo.ao", "923460003");
    const fine = await pendingWithPhone(s.ctx, desk, "badge.ok@exemplo.ao", "923460011");
    await pendingWithPhone(s.ctx, desk, "badge.nada@exemplo.ao", "923460012");
    expect((await desk.approve(failing.id, "SMSB001")).status).toBe(200);
    expect((await desk.approve(fine.id, "SMSB002")).status).toBe(200);
    await smsStatusIs(s.ctx, failing.id, "failed");
    await smsStatusIs(s.ctx, fine.id, "delivered");
    const page = await desk.list("badge.");
    const marks = Object.fromEntries(
      page.rows.map((r: { studentEmail: string; smsUndelivered: boolean }) => [r.studentEmail, r.smsUndelivered]),
    );
    expect(marks).toEqual({
      "badge.falha@exemplo.ao": true,
      "badge.ok@exemplo.ao": false,
      "badge.nada@exemplo.ao": false,
    });
    expect((await desk.read(failing.id)).smsUndelivered).toBe(true);
  });

  it("a number that is not an Angolan mobile is refused before anything is sent", async () => {
    const row = await pendingWithPhone(s.ctx, desk, "eva.sms@exemplo.ao", "222 123 456");
    expect((await desk.approve(row.id, "SMS0005")).status).toBe(200);
    expect(await smsOf(s.ctx, row.id)).toMatchObject([{ status: "refused", to: "222 123 456" }]);
    expect(await smsHistory(s.ctx, row.id)).toEqual([
      { kind: "sms_failed", note: "Motivo: o número não é um celular angolano (+244 9…)" },
    ]);
    expect(s.sim.attempts.get("222 123 456")).toBeUndefined();
  });
});

describe("a provider that does not answer", () => {
  let s: SmsContext;
  beforeAll(async () => {
    s = await startSmsContext({ sendTimeoutMs: 300 });
  });
  afterAll(() => s.close());

  it("holds no request: the try gives up after its timeout and the next one sends the SMS once", async () => {
    const desk = await approvalDesk(s.ctx, "Inglês");
    s.sim.setNumber("+244923777888", { kind: "stall", times: 1, ms: 3_000 });
    const row = await pendingWithPhone(s.ctx, desk, "helena.sms@exemplo.ao", "923777888");
    expect((await desk.approve(row.id, "SMS0008")).status).toBe(200);
    await smsStatusIs(s.ctx, row.id, "delivered");
    expect(s.sim.attempts.get("+244923777888")).toBe(2);
    expect(s.sim.messages.filter((m) => m.to === "+244923777888")).toHaveLength(1);
  });

  it("a refused approval (a code already taken) leaves no SMS behind", async () => {
    const desk = await approvalDesk(s.ctx, "Francês");
    const first = await pendingWithPhone(s.ctx, desk, "ines.sms@exemplo.ao", "923888999");
    expect((await desk.approve(first.id, "TAKEN36")).status).toBe(200);
    const second = await pendingWithPhone(s.ctx, desk, "joao.sms@exemplo.ao", "923999000");
    expect((await desk.approve(second.id, "TAKEN36")).status).toBe(409);
    expect(await smsOf(s.ctx, second.id)).toEqual([]);
  });
});

describe("the status callback", () => {
  let s: SmsContext;
  let desk: ApprovalDesk;
  let sid: string;
  let enrollmentId: string;
  const post = (fields: URLSearchParams, signature?: string, extra: Record<string, string> = {}) =>
    fetch(`${s.base}/api/sms/status`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(signature ? { "X-Twilio-Signature": signature } : {}),
        ...extra,
      },
      body: fields,
    });
  const delivered = () =>
    new URLSearchParams({ MessageSid: sid, MessageStatus: "delivered", AccountSid: "AC", To: "+244923555666" });
  const callbackUrl = () => s.ctx.deps.sms!.statusCallbackUrl;

  beforeAll(async () => {
    s = await startSmsContext();
    desk = await approvalDesk(s.ctx, "Contabilidade");
    // A number whose SMS is sent and never reported: the test posts the callbacks itself.
    s.sim.setNumber("+244923555666", { kind: "deliver" });
    const row = await pendingWithPhone(s.ctx, desk, "filipe.sms@exemplo.ao", "923555666");
    enrollmentId = row.id;
    s.sim.setCallbackOrigin("http://127.0.0.1:9"); // its own callbacks go nowhere
    expect((await desk.approve(row.id, "SMS0006")).status).toBe(200);
    await smsStatusIs(s.ctx, row.id, "sent");
    sid = (await smsOf(s.ctx, row.id))[0]!.providerId!;
  });
  afterAll(() => s.close());

  it("refuses an unsigned, malformed or forged callback with 401 and changes nothing", async () => {
    const fields = delivered();
    for (const res of [
      await post(fields),
      await post(fields, "not-a-signature"),
      await post(fields, s.sim.sign(callbackUrl(), new URLSearchParams({ ...Object.fromEntries(fields), To: "x" }))),
      await post(fields, s.sim.sign(`${callbackUrl()}?x=1`, fields)),
    ]) {
      expect(res.status).toBe(401);
      expect((await body(res)).error.code).toBe(SMS_SIGNATURE_INVALID.code);
    }
    expect((await smsOf(s.ctx, enrollmentId))[0]!.status).toBe("sent");
    expect((await smsHistory(s.ctx, enrollmentId)).map((e) => e.kind)).toEqual(["sms_sent"]);
  });

  it("refuses a body above 16 KB, signed or not", async () => {
    const big = new URLSearchParams({ MessageSid: sid, MessageStatus: "delivered", Pad: "x".repeat(20_000) });
    expect((await post(big, s.sim.sign(callbackUrl(), big))).status).toBe(413);
    expect((await smsOf(s.ctx, enrollmentId))[0]!.status).toBe("sent");
  });

  it("records a signed 'delivered' once, however often it comes", async () => {
    const fields = delivered();
    const signature = s.sim.sign(callbackUrl(), fields);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(fields, signature)));
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
    expect((await smsOf(s.ctx, enrollmentId))[0]).toMatchObject({ status: "delivered" });
    expect((await smsHistory(s.ctx, enrollmentId)).map((e) => e.kind)).toEqual(["sms_sent", "sms_delivered"]);
    // A later 'failed' for an SMS already delivered changes nothing.
    const late = new URLSearchParams({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" });
    expect((await post(late, s.sim.sign(callbackUrl(), late))).status).toBe(204);
    expect((await smsOf(s.ctx, enrollmentId))[0]!.status).toBe("delivered");
  });
});

describe("SMS off (SMS_PROVIDER unset)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("approves as before and sends nothing; the status route answers 503", async () => {
    const desk = await approvalDesk(ctx, "Fotografia");
    const row = await desk.pending("gil.sms@exemplo.ao");
    const res = await desk.approve(row.id, "SMS0007");
    expect(res.status).toBe(200);
    expect((await body(res)).enrollment.status).toBe("approved");
    expect(await ctx.db.select().from(smsMessages)).toEqual([]);
    const status = await ctx.app.request("/api/sms/status", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": `${"a".repeat(27)}=` },
      body: "MessageSid=SM1&MessageStatus=delivered",
    });
    expect(status.status).toBe(503);
  });
});
