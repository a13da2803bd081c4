import { randomUUID } from "node:crypto";
import {
  SMS_NO_MOBILE,
  SMS_OFF,
  SMS_OPTED_OUT,
  SMS_PASSWORD_GONE,
  SMS_SUPER_ADMIN_ONLY_MESSAGE,
} from "@app/shared/messages";
import { PHONE_MESSAGES } from "@app/shared/phones";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonRequest, staffActor, studentActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { type ApprovalDesk, approvalDesk } from "../../../test/mail";
import { smsOf, smsStatusIs, startSmsContext } from "../../../test/sms";
import { enrollments, instituteSettings, smsMessages, studentAccounts } from "../../db/schema";
import { testSms } from "./templates";

type SmsContext = Awaited<ReturnType<typeof startSmsContext>>;
type Cookie = { cookie: string };

const get = (ctx: TestContext, path: string, who: Cookie) =>
  ctx.app.request(path, jsonRequest("GET", undefined, who.cookie));
const post = (ctx: TestContext, path: string, who: Cookie, payload?: unknown, headers: Record<string, string> = {}) => {
  const init = jsonRequest("POST", payload, who.cookie);
  return ctx.app.request(path, { ...init, headers: { ...(init.headers as object), ...headers } });
};

/** Configurações → SMS, the Painel's SMS notices and 'Enviar por SMS' (decision 094), through the simulator. */
describe("SMS seen by staff", () => {
  let s: SmsContext;
  let superAdmin: Cookie;
  let admin: Cookie;
  let secretaria: Cookie;
  let desk: ApprovalDesk;
  beforeAll(async () => {
    s = await startSmsContext();
    superAdmin = await staffActor(s.ctx, "super_admin");
    admin = await staffActor(s.ctx, "admin");
    secretaria = await staffActor(s.ctx, "secretaria");
    desk = await approvalDesk(s.ctx, "Gestão de Stocks");
  });
  afterAll(() => s.close());

  it("Configurações → SMS: the provider, the sender and today's count against the cap, for the super_admin only", async () => {
    for (const who of [admin, secretaria]) {
      const res = await get(s.ctx, "/api/admin/sms", who);
      expect(res.status).toBe(403);
      expect((await body(res)).error.message).toBe(SMS_SUPER_ADMIN_ONLY_MESSAGE);
      expect((await post(s.ctx, "/api/admin/sms/test", who, { phone: "923000111" })).status).toBe(403);
    }
    const res = await get(s.ctx, "/api/admin/sms", superAdmin);
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      configured: true,
      provider: "twilio",
      sender: "INSTITUTO",
      dailyCap: 500,
      perStudentDailyCap: 5,
      held: 0,
    });
  });

  it("'Enviar SMS de teste': normalised, refused in Portuguese for a non-Angolan mobile, sent once by the worker, at most 5 an hour", async () => {
    const before = (await body(await get(s.ctx, "/api/admin/sms", superAdmin))).sentToday;
    for (const phone of ["+351 912 345 678", "222 123 456"]) {
      const refused = await post(s.ctx, "/api/admin/sms/test", superAdmin, { phone });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await body(refused))).toMatch(
        new RegExp(
          `${PHONE_MESSAGES.characters}|${PHONE_MESSAGES.mobile}|${PHONE_MESSAGES.digits}`.replace(/\+/g, "\\+"),
        ),
      );
    }
    expect(await s.ctx.db.select().from(smsMessages).where(eq(smsMessages.template, "test"))).toEqual([]);

    const sent = await post(s.ctx, "/api/admin/sms/test", superAdmin, { phone: "+244 923-000-111" });
    expect(sent.status).toBe(200);
    expect(await body(sent)).toEqual({ to: "+244 923 000 111" });
    const received = await s.sim.waitForFinalStatus("+244923000111");
    expect(received.body).toBe(testSms());
    expect(s.sim.messages.filter((m) => m.to === "+244923000111")).toHaveLength(1);
    await vi.waitFor(async () => {
      expect((await body(await get(s.ctx, "/api/admin/sms", superAdmin))).sentToday).toBe(before + 1);
    });

    for (let i = 0; i < 4; i++)
      expect((await post(s.ctx, "/api/admin/sms/test", superAdmin, { phone: "923000112" })).status).toBe(200);
    const sixth = await post(s.ctx, "/api/admin/sms/test", superAdmin, { phone: "923000113" });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toBeTruthy();
    expect(await s.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, "+244923000113"))).toEqual([]);
  });

  it("Painel: an SMS the provider never took is listed; 'Tentar de novo' clicked twice sends it once", async () => {
    s.sim.setNumber("+244923000221", { kind: "refuse", errorCode: "21610" });
    const row = await desk.pending("painel.sms@exemplo.ao");
    await s.ctx.db.update(enrollments).set({ studentPhone: "923000221" }).where(eq(enrollments.id, row.id));
    expect((await desk.approve(row.id, "SMSP001")).status).toBe(200);
    await smsStatusIs(s.ctx, row.id, "failed");

    expect((await get(s.ctx, "/api/admin/sms/failures", admin)).status).toBe(403);
    const notices = await body(await get(s.ctx, "/api/admin/sms/failures", superAdmin));
    const [failure] = notices.failures.filter((f: { to: string }) => f.to === "+244 923 000 221");
    expect(failure).toMatchObject({ studentName: "Aluno painel.sms@exemplo.ao", what: "Aprovação e código", tries: 1 });
    expect(failure.error).not.toBe("");
    expect(notices.capReached).toBe(false);

    s.sim.setNumber("+244923000221", { kind: "deliver" });
    const path = `/api/admin/sms/failures/${failure.id}/requeue`;
    const answers = await Promise.all([post(s.ctx, path, superAdmin), post(s.ctx, path, superAdmin)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await smsStatusIs(s.ctx, row.id, "delivered");
    expect(s.sim.messages.filter((m) => m.to === "+244923000221")).toHaveLength(1);
    expect(s.sim.attempts.get("+244923000221")).toBe(2);
    const after = await body(await get(s.ctx, "/api/admin/sms/failures", superAdmin));
    expect(after.failures.map((f: { id: string }) => f.id)).not.toContain(failure.id);
    expect((await post(s.ctx, `/api/admin/sms/failures/${randomUUID()}/requeue`, superAdmin)).status).toBe(404);
  });

  describe("'Enviar por SMS' of a reset password", () => {
    const reset = async (accountId: string, key: string) => {
      const res = await post(s.ctx, `/api/admin/student-accounts/${accountId}/reset-password`, secretaria, undefined, {
        "idempotency-key": key,
      });
      expect(res.status).toBe(200);
      return (await body(res)).studentPassword as string;
    };
    const sendBySms = (accountId: string, key: string, who: Cookie = secretaria) =>
      post(s.ctx, `/api/admin/student-accounts/${accountId}/password-sms`, who, undefined, { "idempotency-key": key });
    const accountOf = async (code: string) =>
      (await s.ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, code)))[0]!;

    it("sends nothing on the reset itself; the button sends one SMS with the new password, however often it is pressed", async () => {
      const student = await studentActor(s.ctx, "Reset Por SMS", { temporaryPassword: true });
      const account = await accountOf(student.studentCode);
      const to = `+244${account.studentPhone}`;
      s.sim.setNumber(to, { kind: "deliver" });
      const key = randomUUID();
      const password = await reset(account.id, key);
      expect(await s.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, to))).toEqual([]);

      const answers = await Promise.all([sendBySms(account.id, key), sendBySms(account.id, key)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const received = await s.sim.waitForFinalStatus(to);
      expect(received.body).toContain(password);
      expect(received.body).toContain(student.studentCode);
      expect((await sendBySms(account.id, key)).status).toBe(200);
      await vi.waitFor(async () => {
        const rows = await s.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, to));
        expect(rows).toHaveLength(1);
        // Once the provider has it, the password is not kept.
        expect(rows[0]).toMatchObject({ status: "delivered", template: "credentials" });
        expect(rows[0]!.body).not.toContain(password);
      });
      expect(s.sim.messages.filter((m) => m.to === to)).toHaveLength(1);
    });

    it("a password SMS the provider refused keeps no password, and 'Tentar de novo' asks for a new reset instead", async () => {
      const student = await studentActor(s.ctx, "Reset Recusado Pelo Provedor", { temporaryPassword: true });
      const account = await accountOf(student.studentCode);
      const to = `+244${account.studentPhone}`;
      s.sim.setNumber(to, { kind: "refuse", errorCode: "21610" });
      const key = randomUUID();
      const password = await reset(account.id, key);
      expect((await sendBySms(account.id, key)).status).toBe(200);
      const failed = await vi.waitFor(async () => {
        const [row] = await s.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, to));
        expect(row).toMatchObject({ status: "failed", template: "credentials" });
        return row!;
      });
      expect(failed.body).not.toContain(password);

      s.sim.setNumber(to, { kind: "deliver" });
      const retry = await post(s.ctx, `/api/admin/sms/failures/${failed.id}/requeue`, superAdmin);
      expect(retry.status).toBe(409);
      expect((await body(retry)).error.message).toBe(SMS_PASSWORD_GONE.message);
      const [after] = await s.ctx.db.select().from(smsMessages).where(eq(smsMessages.id, failed.id));
      expect(after!.status).toBe("failed");
      expect(s.sim.attempts.get(to)).toBe(1);
    });

    it("refuses, with what to do instead, an unknown reset, an opted-out student and a phone that is not a mobile", async () => {
      const student = await studentActor(s.ctx, "Reset Recusado", { temporaryPassword: true });
      const account = await accountOf(student.studentCode);
      const to = `+244${account.studentPhone}`;
      const passwordSmsCount = async () =>
        (await s.ctx.db.select().from(smsMessages).where(eq(smsMessages.template, "credentials"))).length;
      const before = await passwordSmsCount();

      const unknown = await sendBySms(account.id, randomUUID());
      expect(unknown.status).toBe(409);
      expect((await body(unknown)).error.message).toBe(SMS_PASSWORD_GONE.message);
      // Another staff member cannot send the password someone else's reset answered.
      const key = randomUUID();
      await reset(account.id, key);
      expect((await sendBySms(account.id, key, admin)).status).toBe(409);

      await s.ctx.db.update(studentAccounts).set({ smsOptIn: false }).where(eq(studentAccounts.id, account.id));
      const optedOut = await sendBySms(account.id, key);
      expect(optedOut.status).toBe(409);
      expect((await body(optedOut)).error.message).toBe(SMS_OPTED_OUT.message);

      await s.ctx.db
        .update(studentAccounts)
        .set({ smsOptIn: true, studentPhone: "222123456" })
        .where(eq(studentAccounts.id, account.id));
      const landline = await sendBySms(account.id, key);
      expect(landline.status).toBe(409);
      expect((await body(landline)).error.message).toBe(SMS_NO_MOBILE.message);
      expect(await passwordSmsCount()).toBe(before);
      expect(s.sim.attempts.get(to)).toBeUndefined();
    });
  });

  it("Painel: the daily cap reached today, with the messages waiting for tomorrow", async () => {
    await s.ctx.db.update(instituteSettings).set({ smsDailyCap: 0 });
    const row = await desk.pending("teto.sms@exemplo.ao");
    await s.ctx.db.update(enrollments).set({ studentPhone: "923000331" }).where(eq(enrollments.id, row.id));
    expect((await desk.approve(row.id, "SMSC001")).status).toBe(200);
    await smsStatusIs(s.ctx, row.id, "held");
    const notices = await body(await get(s.ctx, "/api/admin/sms/failures", superAdmin));
    expect(notices).toMatchObject({ capReached: true, held: 1, dailyCap: 0 });
    expect((await smsOf(s.ctx, row.id))[0]!.status).toBe("held");
    expect(s.sim.attempts.get("+244923000331")).toBeUndefined();
  });

  it("'Limites de SMS': a cap typed wrong is refused in Portuguese and changes nothing; raising the cap sends what it held", async () => {
    const put = (who: Cookie, payload: unknown) =>
      s.ctx.app.request("/api/admin/sms/caps", jsonRequest("PUT", payload, who.cookie));
    expect((await put(admin, { dailyCap: 10, perStudentDailyCap: 5 })).status).toBe(403);
    for (const [payload, message] of [
      [{ dailyCap: "1.000", perStudentDailyCap: 5 }, "Use um número inteiro, sem casas decimais"],
      [{ dailyCap: "-1", perStudentDailyCap: 5 }, "O limite diário não pode ser negativo"],
      [{ dailyCap: 100, perStudentDailyCap: 0 }, "O limite por número deve ser pelo menos 1"],
      [{ dailyCap: "", perStudentDailyCap: 5 }, "Indique o limite diário de SMS"],
    ] as const) {
      const res = await put(superAdmin, payload);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await body(res))).toContain(message);
    }
    // The previous test left the cap at 0 and one approval held for tomorrow.
    const [settings] = await s.ctx.db.select().from(instituteSettings);
    expect(settings).toMatchObject({ smsDailyCap: 0, smsPerStudentDailyCap: 5 });

    const res = await put(superAdmin, { dailyCap: "800", perStudentDailyCap: "3" });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ dailyCap: 800, perStudentDailyCap: 3 });
    await vi.waitFor(() => expect(s.sim.attempts.get("+244923000331")).toBe(1), { timeout: 10_000 });
    await vi.waitFor(async () =>
      expect(await body(await get(s.ctx, "/api/admin/sms", superAdmin))).toMatchObject({ held: 0 }),
    );
  });
});

describe("SMS not configured", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("Configurações → SMS says so; the test SMS and 'Enviar por SMS' are refused with a message", async () => {
    const superAdmin = await staffActor(ctx, "super_admin");
    expect(await body(await get(ctx, "/api/admin/sms", superAdmin))).toMatchObject({
      configured: false,
      provider: null,
      sender: null,
      sentToday: 0,
    });
    const test = await post(ctx, "/api/admin/sms/test", superAdmin, { phone: "923000441" });
    expect(test.status).toBe(409);
    expect((await body(test)).error.message).toBe(SMS_OFF.message);
    const student = await studentActor(ctx, "Sem SMS", { temporaryPassword: true });
    const [account] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentCode, student.studentCode));
    const sms = await post(ctx, `/api/admin/student-accounts/${account!.id}/password-sms`, superAdmin, undefined, {
      "idempotency-key": randomUUID(),
    });
    expect(sms.status).toBe(409);
    expect((await body(sms)).error.message).toBe(SMS_OFF.message);
    expect(await ctx.db.select().from(smsMessages)).toEqual([]);
  });
});
