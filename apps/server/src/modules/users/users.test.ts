import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, signInStaff, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";

describe("staff users and roles", () => {
  let ctx: TestContext;
  let boss: Awaited<ReturnType<typeof staffActor>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    boss = await staffActor(ctx, "super_admin", "Chefe");
  });
  afterAll(() => ctx.close());

  const setRole = (id: string, role: string | null, cookie = boss.cookie) =>
    ctx.app.request(`/api/admin/users/${id}/role`, jsonRequest("PUT", { role }, cookie));

  it("lists staff users with their role or none, never students", async () => {
    const waiting = await staffActor(ctx, null, "À Espera");
    const res = await ctx.app.request("/api/admin/users", { headers: { cookie: boss.cookie } });
    expect(res.status).toBe(200);
    const list = await body(res);
    expect(list.find((u: { id: string }) => u.id === waiting.userId)).toMatchObject({
      fullName: "À Espera",
      role: null,
    });
    expect(list.every((u: { email: string }) => !u.email.endsWith("@alunos.invalid"))).toBe(true);
  });

  it("replaces a user's role, which then opens the matching screens", async () => {
    const u = await staffActor(ctx, null);
    expect((await ctx.app.request("/api/admin/users", { headers: { cookie: u.cookie } })).status).toBe(403);
    const res = await setRole(u.userId, "super_admin");
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ id: u.userId, role: "super_admin" });
    expect((await ctx.app.request("/api/admin/users", { headers: { cookie: u.cookie } })).status).toBe(200);
    await setRole(u.userId, "secretaria");
    expect((await ctx.app.request("/api/admin/users", { headers: { cookie: u.cookie } })).status).toBe(403);
  });

  const statusOf = async (cookie: string) =>
    (await ctx.app.request("/api/admin/courses", { headers: { cookie } })).status;
  const roleOf = async (userId: string) =>
    (await ctx.pool.query("select role from staff_profiles where user_id = $1", [userId])).rows[0].role;

  it("takes a role away ('Sem perfil'): that user's sessions end, and signing in again finds no role", async () => {
    const leaving = await staffActor(ctx, "admin", "Perde Acesso");
    const colleague = await staffActor(ctx, "admin");
    expect(await statusOf(leaving.cookie)).toBe(200);

    const res = await setRole(leaving.userId, null);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ id: leaving.userId, role: null });
    expect(await statusOf(leaving.cookie)).toBe(401);
    expect(await body(await ctx.app.request("/api/session", { headers: { cookie: leaving.cookie } }))).toMatchObject({
      user: null,
    });
    expect(await statusOf(colleague.cookie)).toBe(200);
    expect(await statusOf(boss.cookie)).toBe(200);

    const again = await signInStaff(ctx, leaving.email, "segredo1");
    expect(again.status).toBe(200);
    const refused = await ctx.app.request("/api/admin/courses", { headers: { cookie: cookieOf(again) } });
    expect(refused.status).toBe(403);
    expect((await body(refused)).error.code).toBe("no_role");
    const list = await body(await ctx.app.request("/api/admin/users", { headers: { cookie: boss.cookie } }));
    expect(list.find((u: { id: string }) => u.id === leaving.userId).role).toBeNull();
  });

  it("lets only a super_admin take a role away", async () => {
    const target = await staffActor(ctx, "secretaria");
    for (const role of ["admin", "secretaria", "professor", "financeiro"] as const) {
      const caller = await staffActor(ctx, role);
      expect((await setRole(target.userId, null, caller.cookie)).status, role).toBe(403);
    }
    expect(await roleOf(target.userId)).toBe("secretaria");
    expect(await statusOf(target.cookie)).toBe(200);
  });

  it("refuses an unknown role, a missing role and an unknown user", async () => {
    const missing = await ctx.app.request(`/api/admin/users/${boss.userId}/role`, jsonRequest("PUT", {}, boss.cookie));
    expect(missing.status).toBe(400);
    expect((await body(await setRole(boss.userId, "chefe"))).error.message).toBe("Perfil inválido");
    expect((await setRole("nao-existe", "admin")).status).toBe(404);
  });

  it("keeps the last super_admin: they can neither change nor take away their own role", async () => {
    const solo = await createTestContext();
    const only = await staffActor(solo, "super_admin");
    for (const role of ["admin", null]) {
      const res = await solo.app.request(
        `/api/admin/users/${only.userId}/role`,
        jsonRequest("PUT", { role }, only.cookie),
      );
      expect(res.status).toBe(409);
      expect((await body(res)).error.message).toBe("Não é possível remover o perfil do último Super Administrador");
    }
    expect((await solo.app.request("/api/admin/users", { headers: { cookie: only.cookie } })).status).toBe(200);
    await solo.close();
  });

  it.each(["admin", null])("two super_admins setting each other to %s at once leave one super_admin", async (role) => {
    const solo = await createTestContext();
    const a = await staffActor(solo, "super_admin");
    const b = await staffActor(solo, "super_admin");
    const results = await Promise.all([
      solo.app.request(`/api/admin/users/${b.userId}/role`, jsonRequest("PUT", { role }, a.cookie)),
      solo.app.request(`/api/admin/users/${a.userId}/role`, jsonRequest("PUT", { role }, b.cookie)),
    ]);
    // One succeeds; the other is refused by the role check (403), the last-super_admin rule (409) or,
    // when the first took the role away, by the caller's session having ended (401).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect(role === null ? [401, 403, 409] : [403, 409]).toContain(statuses[1]);
    const remaining = await solo.pool.query("select count(*)::int as n from staff_profiles where role = 'super_admin'");
    expect(remaining.rows[0].n).toBe(1);
    await solo.close();
  });
});
