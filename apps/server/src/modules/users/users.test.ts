import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";

describe("staff users and roles", () => {
  let ctx: TestContext;
  let boss: Awaited<ReturnType<typeof staffActor>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    boss = await staffActor(ctx, "super_admin", "Chefe");
  });
  afterAll(() => ctx.close());

  const setRole = (id: string, role: string, cookie = boss.cookie) =>
    ctx.app.request(`/api/users/${id}/role`, jsonRequest("PUT", { role }, cookie));

  it("lists staff users with their role or none, never students", async () => {
    const waiting = await staffActor(ctx, null, "À Espera");
    const res = await ctx.app.request("/api/users", { headers: { cookie: boss.cookie } });
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
    expect((await ctx.app.request("/api/users", { headers: { cookie: u.cookie } })).status).toBe(403);
    const res = await setRole(u.userId, "super_admin");
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ id: u.userId, role: "super_admin" });
    expect((await ctx.app.request("/api/users", { headers: { cookie: u.cookie } })).status).toBe(200);
    await setRole(u.userId, "secretaria");
    expect((await ctx.app.request("/api/users", { headers: { cookie: u.cookie } })).status).toBe(403);
  });

  it("refuses an unknown role and an unknown user", async () => {
    expect((await body(await setRole(boss.userId, "chefe"))).error.message).toBe("Perfil inválido");
    expect((await setRole("nao-existe", "admin")).status).toBe(404);
  });

  it("keeps the last super_admin: they cannot remove their own role", async () => {
    const solo = await createTestContext();
    const only = await staffActor(solo, "super_admin");
    const res = await solo.app.request(
      `/api/users/${only.userId}/role`,
      jsonRequest("PUT", { role: "admin" }, only.cookie),
    );
    expect(res.status).toBe(409);
    expect((await body(res)).error.message).toBe("Não é possível remover o perfil do último Super Administrador");
    await solo.close();
  });

  it("two super_admins demoting each other at once leave one super_admin", async () => {
    const solo = await createTestContext();
    const a = await staffActor(solo, "super_admin");
    const b = await staffActor(solo, "super_admin");
    const results = await Promise.all([
      solo.app.request(`/api/users/${b.userId}/role`, jsonRequest("PUT", { role: "admin" }, a.cookie)),
      solo.app.request(`/api/users/${a.userId}/role`, jsonRequest("PUT", { role: "admin" }, b.cookie)),
    ]);
    // One succeeds; the other is refused by the role check (403) or the last-super_admin rule (409).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const remaining = await solo.pool.query("select count(*)::int as n from staff_profiles where role = 'super_admin'");
    expect(remaining.rows[0].n).toBe(1);
    await solo.close();
  });
});
