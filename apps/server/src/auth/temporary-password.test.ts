import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, staffActor, studentActor } from "../../test/actors";
import { body, createTestContext, type TestContext } from "../../test/context";
import { studentAccounts } from "../db/schema";

/** Decision 028: a student on a temporary password chooses their own before any other student route. */
describe("a student's temporary password", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const get = (path: string, cookie: string) => ctx.app.request(path, { headers: { cookie } });
  const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
    ctx.app.request(
      "/api/me/account/password",
      jsonRequest("PUT", { currentPassword, newPassword, confirmPassword: newPassword }, cookie),
    );
  const STUDENT_ROUTES = ["/api/me/enrollments", "/api/me/receipts", "/api/me/certificates"];

  it("opens only the account and its password change until the student chooses a password; then everything", async () => {
    const s = await studentActor(ctx, "Aluna Nova", { temporaryPassword: true });
    expect((await body(await get("/api/session", s.cookie))).student).toMatchObject({ mustChangePassword: true });
    for (const path of STUDENT_ROUTES) {
      const res = await get(path, s.cookie);
      expect(res.status, path).toBe(403);
      expect((await body(res)).error).toEqual({
        code: "password_change_required",
        message: "Altere a senha temporária antes de continuar",
      });
    }
    const submit = await ctx.app.request("/api/me/enrollments", jsonRequest("POST", {}, s.cookie));
    expect(submit.status).toBe(403);
    expect((await get("/api/me/account", s.cookie)).status).toBe(200);

    expect((await changePassword(s.cookie, s.studentPassword, "PROPR7")).status).toBe(200);
    expect((await body(await get("/api/session", s.cookie))).student).toMatchObject({ mustChangePassword: false });
    for (const path of STUDENT_ROUTES) expect((await get(path, s.cookie)).status, path).toBe(200);
  });

  it("closes them again after a staff reset, for the new temporary password", async () => {
    const s = await studentActor(ctx, "Aluno Esquecido");
    expect((await get("/api/me/enrollments", s.cookie)).status).toBe(200);
    const [account] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, s.studentCode));
    const secretaria = await staffActor(ctx, "secretaria");
    const asSent = jsonRequest("POST", undefined, secretaria.cookie);
    const reset = await ctx.app.request(`/api/admin/student-accounts/${account!.id}/reset-password`, {
      ...asSent,
      headers: { ...(asSent.headers as object), "idempotency-key": randomUUID() }, // one key per confirmation
    });
    expect(reset.status).toBe(200);
    const { studentPassword: password } = (await body(reset)) as { studentPassword: string };

    const signIn = await ctx.app.request(
      "/api/auth/student/sign-in",
      jsonRequest("POST", { code: s.studentCode, password }),
    );
    expect((await body(signIn)).student).toMatchObject({ mustChangePassword: true });
    const cookie = cookieOf(signIn);
    expect((await get("/api/me/enrollments", cookie)).status).toBe(403);
    expect((await changePassword(cookie, password, "OUTRA8")).status).toBe(200);
    expect((await get("/api/me/enrollments", cookie)).status).toBe(200);
  });
});
