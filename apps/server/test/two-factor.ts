import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";
import { staffRoleSettings } from "../src/db/schema";
import { jsonRequest, signInStaff, staffActor } from "./actors";
import { type ApiContext, body, createTestContext, type TestContext } from "./context";

/**
 * Staff two-factor sign-in as a person does it (decision 076): the set-up, the password step, and the
 * authenticator app's codes, computed by another TOTP library than the server's. Tests that use these
 * fake the clock (`Date` only) mid-period, so "the next period" never becomes "the current one" under them.
 */
export const PERIOD_MS = 30_000;

/** The fake clock, set to the middle of the current 30-second period. */
export function fakeClockMidPeriod() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + PERIOD_MS / 2);
}

/**
 * A describe block's set-up: a test context of its own, a super_admin (`boss`) and the fake clock;
 * after each test no role requires two-factor sign-in (the template database's setting).
 */
export function twoFactorSuite() {
  const suite = {} as { ctx: TestContext; boss: Awaited<ReturnType<typeof staffActor>> };
  beforeAll(async () => {
    suite.ctx = await createTestContext();
    suite.boss = await staffActor(suite.ctx, "super_admin", "Chefe");
    fakeClockMidPeriod();
  });
  afterEach(async () => {
    await suite.ctx.db.update(staffRoleSettings).set({ twoFactorRequired: false });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await suite.ctx.close();
  });
  return suite;
}

/** The fake clock moves on whole periods, still mid-period: the app shows a code not used yet. */
export function laterPeriods(periods: number) {
  vi.setSystemTime(Date.now() + periods * PERIOD_MS);
}

/** The authenticator app's code `periods` periods away from now. */
export function codeAt(secret: string, periods = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + periods * PERIOD_MS });
}

/** The cookies a response sets and does not clear, ready for a Cookie header. */
export function liveCookies(res: Response, previous = ""): string {
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

export const post = (ctx: ApiContext, path: string, payload: unknown, cookie?: string) =>
  ctx.app.request(path, jsonRequest("POST", payload, cookie));

/** Turns it on through the API: start (password again), then a first code (this period's). */
export async function turnOn(ctx: ApiContext, user: { cookie: string }) {
  const started = await post(ctx, "/api/admin/account/two-factor", { password: "segredo1" }, user.cookie);
  expect(started.status).toBe(200);
  const setUp = (await body(started)) as { secret: string; otpauthUri: string; qrSvg: string; backupCodes: string[] };
  const confirmed = await post(
    ctx,
    "/api/admin/account/two-factor/confirm",
    { code: codeAt(setUp.secret) },
    user.cookie,
  );
  expect(confirmed.status).toBe(200);
  expect((await body(confirmed)).staff).toMatchObject({ twoFactorEnabled: true });
  return { ...setUp, cookie: liveCookies(confirmed, user.cookie) };
}

/** The password step: the answer asks for the code and carries the code step's cookie. */
export async function passwordStep(ctx: ApiContext, email: string) {
  const res = await signInStaff(ctx, email, "segredo1");
  expect(res.status).toBe(200);
  expect(await body(res)).toEqual({ secondStep: true });
  return liveCookies(res);
}
