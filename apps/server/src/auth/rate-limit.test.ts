import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, studentActor } from "../../test/actors";
import { body, createTestContext, type TestContext } from "../../test/context";
import { rateLimits } from "../db/schema";
import { createStaffUser } from "../modules/users/users.service";

/** Decision 013's limits, as a client behind the institute's proxy (TRUST_PROXY) sees them. */
describe("sign-in and account limits", () => {
  let ctx: TestContext;
  let ipCounter = 0;
  const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: "true" });
  });
  afterAll(() => ctx.close());

  function post(path: string, payload: unknown, ip: string, cookie?: string, method = "POST") {
    const init = jsonRequest(method, payload, cookie);
    return ctx.app.request(path, { ...init, headers: { ...init.headers, "x-forwarded-for": ip } });
  }
  const studentSignIn = (code: string, password: string, ip: string) =>
    post("/api/auth/student/sign-in", { code, password }, ip);

  /** Moves every counter of `prefix` `seconds` into the past, as if that time had gone by. */
  async function elapse(prefix: string, seconds: number) {
    await ctx.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - make_interval(secs => ${seconds})` })
      .where(like(rateLimits.key, `${prefix}%`));
  }

  async function expectRefused(res: Response, minutes: number) {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
    expect((await body(res)).error.message).toBe(
      `Muitas tentativas. Tente novamente dentro de ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
    );
  }

  it("a classmate's wrong passwords from one IP do not keep the owner out on another IP", async () => {
    const owner = await studentActor(ctx, "Dona da Conta", { temporaryPassword: true });
    const classmate = newIp();
    for (let i = 0; i < 8; i++) await studentSignIn(owner.studentCode, "ZZZZZZ", classmate);
    expect((await studentSignIn(owner.studentCode, owner.studentPassword, classmate)).status).toBe(429);
    expect((await studentSignIn(owner.studentCode, owner.studentPassword, newIp())).status).toBe(200);
  });

  it("slows one account on one client down (1, 2, 4, 8 minutes), then locks it for 15; success clears it", async () => {
    const s = await studentActor(ctx, "Aluno Lento", { temporaryPassword: true });
    const ip = newIp();
    const pair = `student-sign-in:pair:${s.studentCode.toLowerCase()}:${ip}`;
    for (let i = 0; i < 5; i++) expect((await studentSignIn(s.studentCode, "ZZZZZZ", ip)).status).toBe(401);
    // Even the right password waits: the pair is slowed, whatever is typed.
    await expectRefused(await studentSignIn(s.studentCode, s.studentPassword, ip), 1);
    for (const minutes of [1, 2, 4, 8]) {
      await elapse(pair, minutes * 60);
      expect((await studentSignIn(s.studentCode, "ZZZZZZ", ip)).status).toBe(401);
      await expectRefused(await studentSignIn(s.studentCode, "ZZZZZZ", ip), Math.min(minutes * 2, 15));
    }
    await elapse(pair, 15 * 60);
    expect((await studentSignIn(s.studentCode, "ZZZZZZ", ip)).status).toBe(401);
    await expectRefused(await studentSignIn(s.studentCode, s.studentPassword, ip), 15);

    await elapse(pair, 15 * 60);
    expect((await studentSignIn(s.studentCode, s.studentPassword, ip)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await studentSignIn(s.studentCode, "ZZZZZZ", ip)).status).toBe(401);
  });

  it("stops a guesser spread over many IPs at 30 failures per account per hour", async () => {
    const s = await studentActor(ctx, "Alvo Distribuído", { temporaryPassword: true });
    for (let i = 0; i < 30; i++) expect((await studentSignIn(s.studentCode, "ZZZZZZ", newIp())).status).toBe(401);
    await expectRefused(await studentSignIn(s.studentCode, s.studentPassword, newIp()), 60);
  });

  it("30 failures from one school IP on different codes do not block another student there", async () => {
    const school = newIp();
    for (let i = 0; i < 30; i++) {
      expect((await studentSignIn(`ALZZZ${String(i).padStart(3, "0")}`, "ZZZZZZ", school)).status).toBe(401);
    }
    const s = await studentActor(ctx, "Aluno da Escola", { temporaryPassword: true });
    expect((await studentSignIn(s.studentCode, s.studentPassword, school)).status).toBe(200);
  });

  it("one IP hammering every code is stopped after 200 failures in 15 minutes", async () => {
    const machine = newIp();
    // As if it had already failed 199 times in the last minute (each failure costs a password hash).
    await ctx.db.insert(rateLimits).values({ key: `sign-in:ip:${machine}`, windowStart: new Date(), count: 199 });
    expect((await studentSignIn("ALQQQQQQ", "ZZZZZZ", machine)).status).toBe(401);
    const s = await studentActor(ctx, "Outro Aluno", { temporaryPassword: true });
    await expectRefused(await studentSignIn(s.studentCode, s.studentPassword, machine), 15);
  });

  it("the staff sign-in follows the same rules: the owner on another IP still signs in", async () => {
    await createStaffUser(ctx.db, { email: "rh@inst.ao", password: "segredo1", name: "RH", role: "admin" });
    const attacker = newIp();
    for (let i = 0; i < 5; i++) {
      expect((await post("/api/auth/sign-in", { email: "rh@inst.ao", password: "errada1" }, attacker)).status).toBe(
        401,
      );
    }
    await expectRefused(await post("/api/auth/sign-in", { email: "rh@inst.ao", password: "segredo1" }, attacker), 1);
    expect((await post("/api/auth/sign-in", { email: "RH@inst.ao", password: "segredo1" }, newIp())).status).toBe(200);
  });

  it("creates 25 student accounts from one IP in an hour (an enrolment day at the secretariat)", async () => {
    const secretariat = newIp();
    for (let i = 0; i < 25; i++) {
      const res = await post(
        "/api/student-accounts",
        { studentName: `Aluno Novo ${i}`, studentPhone: String(930000000 + i), hasEmail: false },
        secretariat,
      );
      expect(res.status, `account ${i + 1}`).toBe(201);
    }
  });

  it("limits wrong current passwords on the password change (429 after 5), per account", async () => {
    const s = await studentActor(ctx, "Aluno Partilhado", { temporaryPassword: true });
    const ip = newIp();
    const change = (currentPassword: string) =>
      post(
        "/api/me/account/password",
        { currentPassword, newPassword: "NOVA99", confirmPassword: "NOVA99" },
        ip,
        s.cookie,
        "PUT",
      );
    for (let i = 0; i < 5; i++) {
      const res = await change("ZZZZZZ");
      expect(res.status).toBe(400);
      expect((await body(res)).error.issues).toEqual([{ path: "currentPassword", message: "Senha atual incorreta" }]);
    }
    await expectRefused(await change(s.studentPassword), 1);
    await elapse(`current-password:account:`, 60);
    expect((await change(s.studentPassword)).status).toBe(200);
  });

  it("limits reset e-mails per account and client, so someone else cannot use up the owner's", async () => {
    await createStaffUser(ctx.db, { email: "fin@inst.ao", password: "segredo1", name: "Fin", role: "financeiro" });
    const other = newIp();
    for (let i = 0; i < 3; i++) {
      expect((await post("/api/auth/password/forgot", { email: "fin@inst.ao" }, other)).status).toBe(200);
    }
    const refused = await post("/api/auth/password/forgot", { email: "fin@inst.ao" }, other);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await post("/api/auth/password/forgot", { email: "fin@inst.ao" }, newIp())).status).toBe(200);
  });
});
