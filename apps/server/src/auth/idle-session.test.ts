import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor, studentActor } from "../../test/actors";
import { body, createTestContext, type TestContext } from "../../test/context";
import { authSession, studentAccounts } from "../db/schema";

describe("sessions end after a time without use, by user kind", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function studentUserId(code: string) {
    const [row] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, code));
    return row!.userId;
  }
  /** Makes the user's sessions look last used `minutes` ago. */
  async function lastUsed(userId: string, minutes: number) {
    await ctx.db
      .update(authSession)
      .set({ updatedAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(authSession.userId, userId));
  }
  const sessionsOf = (userId: string) => ctx.db.select().from(authSession).where(eq(authSession.userId, userId));
  const get = (path: string, cookie: string) => ctx.app.request(path, { headers: { cookie } });

  it("a student's session unused for more than an hour ends: 401, the row deleted, the caller anonymous", async () => {
    const s = await studentActor(ctx, "Aluna Distraída");
    const userId = await studentUserId(s.studentCode);
    await lastUsed(userId, 61);
    const res = await get("/api/me/account", s.cookie);
    expect(res.status).toBe(401);
    expect((await body(res)).error.message).toBe("Sessão expirada. Faça login novamente.");
    expect(await sessionsOf(userId)).toEqual([]);
    expect(await body(await get("/api/session", s.cookie))).toMatchObject({ user: null, student: null });
  });

  it("a student's session in use is kept and its last use recorded (at most once a minute)", async () => {
    const s = await studentActor(ctx, "Aluno Ativo");
    const userId = await studentUserId(s.studentCode);
    await lastUsed(userId, 59);
    expect((await get("/api/me/account", s.cookie)).status).toBe(200);
    const [touched] = await sessionsOf(userId);
    expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(10_000);

    // Used again within the minute: no write.
    await ctx.db
      .update(authSession)
      .set({ updatedAt: sql`now() - interval '30 seconds'` })
      .where(eq(authSession.userId, userId));
    const [before] = await sessionsOf(userId);
    expect((await get("/api/me/account", s.cookie)).status).toBe(200);
    const [after] = await sessionsOf(userId);
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());

    // An hour after that last use, it is still over.
    await lastUsed(userId, 61);
    expect((await get("/api/me/account", s.cookie)).status).toBe(401);
  });

  it("a staff session idle for the same time still works; after 10 hours it ends too", async () => {
    const staff = await staffActor(ctx, "super_admin");
    await lastUsed(staff.userId, 61);
    expect((await get("/api/admin/users", staff.cookie)).status).toBe(200);
    await lastUsed(staff.userId, 9 * 60 + 59);
    expect((await get("/api/admin/users", staff.cookie)).status).toBe(200);
    await lastUsed(staff.userId, 10 * 60 + 1);
    expect((await get("/api/admin/users", staff.cookie)).status).toBe(401);
    expect(await sessionsOf(staff.userId)).toEqual([]);
  });

  it("GET /session says once that the caller's session ended (the login then says why), not after a sign-out", async () => {
    const s = await studentActor(ctx, "Aluna Interrompida");
    await ctx.db.delete(authSession).where(eq(authSession.userId, await studentUserId(s.studentCode)));
    const ended = await get("/api/session", s.cookie);
    expect(await body(ended)).toEqual({ user: null, staff: null, student: null, ended: true });
    // The dead cookie is dropped, so the browser's next request is plainly signed out.
    const dropped = ended.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(dropped).toMatch(/^better-auth\.session_token=;.*Max-Age=0/);
    expect(await body(await get("/api/session", ""))).toEqual({ user: null, staff: null, student: null });

    const other = await studentActor(ctx, "Aluno que Saiu");
    const out = await ctx.app.request("/api/auth/sign-out", jsonRequest("POST", undefined, other.cookie));
    expect(out.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await body(await get("/api/session", ""))).not.toHaveProperty("ended");
  });
});
