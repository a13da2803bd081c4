import { eq, like } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonRequest, signInStaff, staffActor, studentActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { authTwoFactor, rateLimits, staffRoleSettings, staffUserEvents } from "../../db/schema";
import { resetTwoFactorByEmail } from "./two-factor.service";

const PERIOD_MS = 30_000;

/** The authenticator app's code `periods` periods away from now (computed by another TOTP library). */
function codeAt(secret: string, periods = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + periods * PERIOD_MS });
}

/** The cookies a response sets and does not clear, ready for a Cookie header. */
function liveCookies(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(set) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

describe("staff two-factor sign-in (issue 27, decision 076)", () => {
  let ctx: TestContext;
  let boss: Awaited<ReturnType<typeof staffActor>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    boss = await staffActor(ctx, "super_admin", "Chefe");
    // Codes are computed mid-period, so "the next period" never becomes "the current one" under the test.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + PERIOD_MS / 2);
  });
  afterEach(async () => {
    await ctx.db.update(staffRoleSettings).set({ twoFactorRequired: false });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
  });

  const post = (path: string, payload: unknown, cookie?: string) =>
    ctx.app.request(path, jsonRequest("POST", payload, cookie));

  /** Turns it on through the API: start (password again), then a first code. */
  async function turnOn(user: { cookie: string }) {
    const started = await post("/api/admin/account/two-factor", { password: "segredo1" }, user.cookie);
    expect(started.status).toBe(200);
    const setUp = (await body(started)) as { secret: string; otpauthUri: string; qrSvg: string; backupCodes: string[] };
    const confirmed = await post("/api/admin/account/two-factor/confirm", { code: codeAt(setUp.secret) }, user.cookie);
    expect(confirmed.status).toBe(200);
    expect((await body(confirmed)).staff).toMatchObject({ twoFactorEnabled: true });
    return { ...setUp, cookie: liveCookies(confirmed, user.cookie) };
  }

  /** The password step: the answer asks for the code and carries the code step's cookie. */
  async function passwordStep(email: string) {
    const res = await signInStaff(ctx, email, "segredo1");
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ secondStep: true });
    return liveCookies(res);
  }

  it("turns on with a first code; the sign-in then asks for the code, and the right one opens a session", async () => {
    const fin = await staffActor(ctx, "financeiro", "Fina");
    const started = await post("/api/admin/account/two-factor", { password: "segredo1" }, fin.cookie);
    const setUp = await body(started);
    expect(setUp.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?secret=/);
    expect(setUp.otpauthUri).toContain("digits=6");
    expect(setUp.otpauthUri).toContain("period=30");
    expect(setUp.qrSvg).toMatch(/^<svg/);
    expect(setUp.backupCodes).toHaveLength(10);
    // Not on until a code confirms it: the password alone still signs in.
    expect(await body(await signInStaff(ctx, fin.email, "segredo1"))).toMatchObject({
      staff: { twoFactorEnabled: false },
    });
    const wrong = await post("/api/admin/account/two-factor/confirm", { code: "000000" }, fin.cookie);
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).error.code).toBe("wrong_code");
    const ok = await post("/api/admin/account/two-factor/confirm", { code: codeAt(setUp.secret) }, fin.cookie);
    expect(ok.status).toBe(200);
    const again = await post("/api/admin/account/two-factor", { password: "segredo1" }, liveCookies(ok, fin.cookie));
    expect(again.status).toBe(409);

    const pending = await passwordStep(fin.email);
    // The code step's cookie is no session.
    expect((await ctx.app.request("/api/admin/receipts", { headers: { cookie: pending } })).status).toBe(401);
    const signedIn = await post("/api/auth/sign-in/code", { code: codeAt(setUp.secret) }, pending);
    expect(signedIn.status).toBe(200);
    expect(await body(signedIn)).toMatchObject({ staff: { role: "financeiro", twoFactorEnabled: true } });
    const cookie = liveCookies(signedIn);
    expect((await ctx.app.request("/api/admin/receipts", { headers: { cookie } })).status).toBe(200);
  });

  it("accepts the previous and the next period's code, refuses two periods away", async () => {
    const fin = await staffActor(ctx, "financeiro");
    const { secret } = await turnOn(fin);
    for (const periods of [-1, 1]) {
      const res = await post(
        "/api/auth/sign-in/code",
        { code: codeAt(secret, periods) },
        await passwordStep(fin.email),
      );
      expect(res.status, `${periods} period(s) away`).toBe(200);
    }
    for (const periods of [-2, 2]) {
      const res = await post(
        "/api/auth/sign-in/code",
        { code: codeAt(secret, periods) },
        await passwordStep(fin.email),
      );
      expect(res.status, `${periods} periods away`).toBe(401);
      expect(await body(res)).toEqual({
        error: { code: "wrong_code", message: "Código de verificação incorreto" },
      });
    }
  });

  it("a backup code signs in once; the second time it is refused", async () => {
    const fin = await staffActor(ctx, "financeiro");
    const { backupCodes } = await turnOn(fin);
    const first = await post(
      "/api/auth/sign-in/code",
      { code: backupCodes[0], backup: true },
      await passwordStep(fin.email),
    );
    expect(first.status).toBe(200);
    expect(await body(first)).toMatchObject({ staff: { twoFactorEnabled: true } });
    const second = await post(
      "/api/auth/sign-in/code",
      { code: backupCodes[0], backup: true },
      await passwordStep(fin.email),
    );
    expect(second.status).toBe(401);
    expect((await body(second)).error.message).toBe("Código de recuperação incorreto ou já usado");
  });

  it("ends a code step after 5 wrong codes, locks the account after 10 in a row; our per-client limit answers too", async () => {
    const fin = await staffActor(ctx, "financeiro");
    const { secret } = await turnOn(fin);
    const forgetOurCounter = () => ctx.db.delete(rateLimits).where(like(rateLimits.key, "second-step:%"));
    await forgetOurCounter();
    const first = await passwordStep(fin.email);
    for (let i = 0; i < 5; i++)
      expect((await post("/api/auth/sign-in/code", { code: "000000" }, first)).status).toBe(401);
    // The 6th code of one step: the step is over, even a right code.
    const over = await post("/api/auth/sign-in/code", { code: codeAt(secret) }, first);
    expect((await body(over)).error.code).toBe("sign_in_again");
    // From another client (our counter forgotten): 5 more wrong codes, 10 in a row, and the plugin locks.
    await forgetOurCounter();
    const second = await passwordStep(fin.email);
    for (let i = 0; i < 5; i++)
      expect((await post("/api/auth/sign-in/code", { code: "000000" }, second)).status).toBe(401);
    const third = await passwordStep(fin.email);
    const locked = await post("/api/auth/sign-in/code", { code: codeAt(secret) }, third);
    expect(locked.status).toBe(429);
    expect((await body(locked)).error.code).toBe("two_factor_locked");
    // Our per-client limit: 10 codes from this client, then it refuses for a while (Retry-After).
    for (let i = 0; i < 4; i++) await post("/api/auth/sign-in/code", { code: "000000" }, third);
    const ours = await post("/api/auth/sign-in/code", { code: codeAt(secret) }, third);
    expect(ours.status).toBe(429);
    expect((await body(ours)).error.code).toBe("too_many_attempts");
    expect(ours.headers.get("retry-after")).toBeTruthy();
    const [row] = await ctx.db.select().from(authTwoFactor).where(eq(authTwoFactor.userId, fin.userId));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("a role that requires it: every staff API refuses the session until it is on; the set-up stays open", async () => {
    const fin = await staffActor(ctx, "financeiro");
    const setting = await ctx.app.request(
      "/api/admin/roles/financeiro/two-factor",
      jsonRequest("PUT", { required: true }, boss.cookie),
    );
    expect(await body(setting)).toEqual({ role: "financeiro", required: true });
    const refused = await ctx.app.request("/api/admin/receipts", { headers: { cookie: fin.cookie } });
    expect(refused.status).toBe(403);
    expect((await body(refused)).error).toEqual({
      code: "two_factor_setup_required",
      message: "O seu perfil exige a verificação em dois passos. Ative-a na sua conta antes de continuar.",
    });
    expect((await ctx.app.request("/api/admin/dashboard", { headers: { cookie: fin.cookie } })).status).toBe(403);
    // The paths shared with students check the session themselves: the same refusal.
    const file = await ctx.app.request("/api/files/00000000-0000-4000-8000-000000000000", {
      headers: { cookie: fin.cookie },
    });
    expect((await body(file)).error.code).toBe("two_factor_setup_required");
    const session = await body(await ctx.app.request("/api/session", { headers: { cookie: fin.cookie } }));
    expect(session.staff).toEqual({ role: "financeiro", twoFactorEnabled: false, twoFactorRequired: true });
    const { cookie } = await turnOn(fin);
    expect((await ctx.app.request("/api/admin/receipts", { headers: { cookie } })).status).toBe(200);
    // Roles that do not require it are unchanged.
    const admin = await staffActor(ctx, "admin");
    expect((await ctx.app.request("/api/admin/dashboard", { headers: { cookie: admin.cookie } })).status).toBe(200);
  });

  it("a super_admin turns it off for a user: recorded in their history, sessions ended, asked to set it up again", async () => {
    const fin = await staffActor(ctx, "financeiro");
    const on = await turnOn(fin);
    await ctx.db
      .update(staffRoleSettings)
      .set({ twoFactorRequired: true })
      .where(eq(staffRoleSettings.role, "financeiro"));
    const byOther = await ctx.app.request(
      `/api/admin/users/${fin.userId}/two-factor`,
      jsonRequest("DELETE", undefined, on.cookie),
    );
    expect(byOther.status).toBe(403);
    const off = await ctx.app.request(
      `/api/admin/users/${fin.userId}/two-factor`,
      jsonRequest("DELETE", undefined, boss.cookie),
    );
    expect(off.status).toBe(200);
    const events = await ctx.db.select().from(staffUserEvents).where(eq(staffUserEvents.userId, fin.userId));
    expect(events).toMatchObject([{ kind: "two_factor_turned_off", byUserId: boss.userId }]);
    expect((await ctx.app.request("/api/admin/receipts", { headers: { cookie: on.cookie } })).status).toBe(401);
    const signedIn = await signInStaff(ctx, fin.email, "segredo1");
    expect(await body(signedIn)).toMatchObject({ staff: { twoFactorEnabled: false, twoFactorRequired: true } });
    const cookie = liveCookies(signedIn);
    expect((await body(await ctx.app.request("/api/admin/receipts", { headers: { cookie } }))).error.code).toBe(
      "two_factor_setup_required",
    );
    const twice = await ctx.app.request(
      `/api/admin/users/${fin.userId}/two-factor`,
      jsonRequest("DELETE", undefined, boss.cookie),
    );
    expect(twice.status).toBe(409);
  });

  it("create-admin's reset (the server's shell) turns it off for a locked-out super_admin", async () => {
    const chief = await staffActor(ctx, "super_admin");
    await turnOn(chief);
    expect(await resetTwoFactorByEmail(ctx.db, chief.email.toUpperCase())).toBe(true);
    expect(await body(await signInStaff(ctx, chief.email, "segredo1"))).toMatchObject({
      staff: { twoFactorEnabled: false },
    });
  });

  it("students never get a second factor", async () => {
    const student = await studentActor(ctx);
    const before = (await ctx.db.select().from(authTwoFactor)).length;
    const res = await post("/api/admin/account/two-factor", { password: "MINHA1" }, student.cookie);
    expect(res.status).toBe(403);
    expect(await ctx.db.select().from(authTwoFactor)).toHaveLength(before);
  });

  it("roles settings: listed for the super_admin; a wrong role changes nothing", async () => {
    const list = await body(await ctx.app.request("/api/admin/roles/two-factor", { headers: { cookie: boss.cookie } }));
    expect(list.items).toContainEqual({ role: "financeiro", required: false });
    const bad = await ctx.app.request(
      "/api/admin/roles/aluno/two-factor",
      jsonRequest("PUT", { required: true }, boss.cookie),
    );
    expect(bad.status).toBe(400);
  });
});
