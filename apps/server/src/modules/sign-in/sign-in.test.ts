import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, signInStaff, staffActor, studentActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, TEST_MAIL_SETTINGS, type TestContext } from "../../../test/context";
import { mailSent, queuedMails } from "../../../test/mail";
import { createApp } from "../../app";
import { createAuth } from "../../auth/auth";
import { RULES } from "../../auth/rate-limit";
import { rateLimits } from "../../db/schema";
import { createLogger } from "../../logger";
import { createMailQueue } from "../../mail/mail-queue";
import { createMailer } from "../../mail/mailer";
import { createStaffUser } from "../users/users.service";

describe("staff authentication", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createStaffUser(ctx.db, {
      email: "sec@inst.ao",
      password: "segredo1",
      name: "Secretária",
      role: "secretaria",
    });
  });
  afterAll(() => ctx.close());

  it("signs in with e-mail and password and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const res = await signInStaff(ctx, "SEC@inst.ao", "segredo1");
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      user: { email: "sec@inst.ao" },
      staff: { role: "secretaria" },
      student: null,
    });
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // http BASE_URL
  });

  it("marks cookies Secure when BASE_URL is https", async () => {
    const https = await createTestContext({ BASE_URL: "https://portal.instituto.ao" });
    await createStaffUser(https.db, { email: "a@inst.ao", password: "segredo1", name: "Ana", role: "admin" });
    const res = await https.app.request("https://portal.instituto.ao/api/auth/sign-in", {
      ...jsonRequest("POST", { email: "a@inst.ao", password: "segredo1" }),
      headers: { "content-type": "application/json", origin: "https://portal.instituto.ao" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join("\n")).toMatch(/Secure/);
    await https.close();
  });

  it("refuses a wrong password or unknown e-mail with the same Portuguese message", async () => {
    for (const [email, password] of [
      ["sec@inst.ao", "errada1"],
      ["ninguem@inst.ao", "segredo1"],
    ]) {
      const res = await signInStaff(ctx, email!, password!);
      expect(res.status).toBe(401);
      expect((await body(res)).error.message).toBe("Email ou senha incorretos. Por favor, tente novamente.");
    }
  });

  it("validates input with the SPEC's messages", async () => {
    const res = await signInStaff(ctx, "nao-e-email", "123");
    expect(res.status).toBe(400);
    expect((await body(res)).error.issues).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Email inválido" },
        { path: "password", message: "A senha deve ter pelo menos 6 caracteres" },
      ]),
    );
  });

  it("signs up a staff user without a role: signed in, but every staff API answers 403 'Sem perfil'", async () => {
    const res = await ctx.app.request(
      "/api/auth/sign-up",
      jsonRequest("POST", {
        fullName: "Novo Funcionário",
        phone: "923000111",
        email: "novo@inst.ao",
        password: "segredo1",
      }),
    );
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ user: { name: "Novo Funcionário" }, staff: { role: null } });
    const users = await ctx.app.request("/api/admin/users", { headers: { cookie: cookieOf(res) } });
    expect(users.status).toBe(403);
    expect((await body(users)).error).toMatchObject({ code: "no_role" });
    expect(
      (await body(await ctx.app.request("/api/admin/users", { headers: { cookie: cookieOf(res) } }))).error.message,
    ).toMatch(/aguarde que um administrador atribua um perfil/);
  });

  it("refuses a second sign-up with the same e-mail: 'Este email já está em uso…'", async () => {
    const res = await ctx.app.request(
      "/api/auth/sign-up",
      jsonRequest("POST", { fullName: "Outra Pessoa", email: "Novo@Inst.ao", password: "segredo2" }),
    );
    expect(res.status).toBe(409);
    expect((await body(res)).error.message).toBe("Este email já está em uso. Tente fazer login ou use outro email.");
  });

  it("signs out: the cookie no longer opens a session", async () => {
    const { cookie } = await staffActor(ctx, "admin");
    expect((await body(await ctx.app.request("/api/session", { headers: { cookie } }))).staff.role).toBe("admin");
    const out = await ctx.app.request("/api/auth/sign-out", jsonRequest("POST", undefined, cookie));
    expect(out.status).toBe(200);
    expect(await body(await ctx.app.request("/api/session", { headers: { cookie } }))).toMatchObject({ user: null });
  });

  it("keeps students out of the staff sign-in", async () => {
    const student = await studentActor(ctx);
    const res = await signInStaff(ctx, `${student.studentCode.toLowerCase()}@alunos.invalid`, student.studentPassword);
    expect(res.status).toBe(401);
  });
});

describe("password recovery", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createStaffUser(ctx.db, {
      email: "fin@inst.ao",
      password: "antiga1",
      name: "Financeira",
      role: "financeiro",
    });
  });
  afterAll(() => ctx.close());

  async function lastResetLink(): Promise<string> {
    await mailSent(ctx);
    const outbox = path.join(ctx.dataDir, "outbox");
    const files = readdirSync(outbox).sort();
    const eml = readFileSync(path.join(outbox, files.at(-1)!), "utf8");
    const link = eml.replace(/=\r?\n/g, "").match(/http:\/\/\S+\/reset-password\?token=[^\s"]+/)?.[0];
    if (!link) throw new Error("no reset link in the e-mail");
    return link.replace(/=3D/g, "=");
  }

  it("mails a single-use link to /reset-password that sets the password and ends every session", async () => {
    const before = await signInStaff(ctx, "fin@inst.ao", "antiga1");
    const oldCookie = cookieOf(before);

    const ask = await ctx.app.request("/api/auth/password/forgot", jsonRequest("POST", { email: "fin@inst.ao" }));
    expect(ask.status).toBe(200);
    const link = await lastResetLink();
    expect(link.startsWith(`${TEST_BASE_URL}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get("token")!;

    expect((await ctx.app.request(`/api/auth/password/reset?token=${token}`)).status).toBe(200);
    const mismatch = await ctx.app.request(
      "/api/auth/password/reset",
      jsonRequest("POST", { token, password: "nova123", confirmPassword: "nova124" }),
    );
    expect((await body(mismatch)).error.issues).toContainEqual({
      path: "confirmPassword",
      message: "As senhas não coincidem",
    });

    const reset = await ctx.app.request(
      "/api/auth/password/reset",
      jsonRequest("POST", { token, password: "nova123", confirmPassword: "nova123" }),
    );
    expect(reset.status).toBe(200);
    expect(await body(await ctx.app.request("/api/session", { headers: { cookie: oldCookie } }))).toMatchObject({
      user: null,
    });
    expect((await signInStaff(ctx, "fin@inst.ao", "antiga1")).status).toBe(401);
    expect((await signInStaff(ctx, "fin@inst.ao", "nova123")).status).toBe(200);

    // Used once: the same link is now invalid.
    const again = await ctx.app.request(
      "/api/auth/password/reset",
      jsonRequest("POST", { token, password: "outra12", confirmPassword: "outra12" }),
    );
    expect(again.status).toBe(400);
    expect((await body(again)).error.message).toBe("Link inválido");
    expect((await body(await ctx.app.request(`/api/auth/password/reset?token=${token}`))).error.message).toBe(
      "Link inválido",
    );
  });

  it("never writes the reset link's token to the log (without SMTP_URL the log names the outbox file)", async () => {
    // The request's log and the worker's (a queue of its own on the same database, sending with this log).
    const logged: string[] = [];
    const log = createLogger("trace", { write: (line: string) => void logged.push(line) });
    await ctx.mail.stop();
    const mail = createMailQueue({ databaseUrl: ctx.databaseUrl, db: ctx.db, log }, TEST_MAIL_SETTINGS);
    await mail.start();
    await mail.work(createMailer(ctx.config, log));
    const app = createApp({ ...ctx.deps, log, mail, auth: createAuth(ctx.config, ctx.db, mail, log) });

    const ask = await app.request("/api/auth/password/forgot", jsonRequest("POST", { email: "fin@inst.ao" }));
    expect(ask.status).toBe(200);
    const link = await lastResetLink();
    const token = new URL(link).searchParams.get("token")!;
    expect((await app.request(`/api/auth/password/reset?token=${token}`)).status).toBe(200);

    await mail.stop();
    const output = logged.join("");
    const newest = readdirSync(path.join(ctx.dataDir, "outbox")).sort().at(-1)!;
    expect(output).toContain(newest);
    expect(output).not.toContain(token);
    expect(output).not.toContain("reset-password");
  });

  it("answers the same for an unknown e-mail, and sends nothing", async () => {
    const count = readdirSync(path.join(ctx.dataDir, "outbox")).length;
    const queued = await queuedMails(ctx);
    const res = await ctx.app.request("/api/auth/password/forgot", jsonRequest("POST", { email: "naoexiste@inst.ao" }));
    expect(res.status).toBe(200);
    expect(await queuedMails(ctx)).toBe(queued);
    expect(readdirSync(path.join(ctx.dataDir, "outbox"))).toHaveLength(count);
  });

  it("says 'Link inválido' for a missing or made-up token", async () => {
    expect((await ctx.app.request("/api/auth/password/reset")).status).toBe(400);
    expect((await ctx.app.request("/api/auth/password/reset?token=inventado")).status).toBe(400);
  });
});

describe("brute-force protection", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createStaffUser(ctx.db, { email: "alvo@inst.ao", password: "segredo1", name: "Alvo", role: "admin" });
  });
  afterAll(() => ctx.close());

  it("after 5 failed sign-ins from one client, answers 429 with a Portuguese message and Retry-After — even with the right password", async () => {
    for (let i = 0; i < 5; i++) expect((await signInStaff(ctx, "alvo@inst.ao", "errada1")).status).toBe(401);
    const locked = await signInStaff(ctx, "alvo@inst.ao", "segredo1");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await body(locked)).error.message).toMatch(
      /^Muitas tentativas\. Tente novamente dentro de \d+ minutos?\.$/,
    );
  });

  it("limits per IP too, and rotating X-Forwarded-For does not escape it without TRUST_PROXY", async () => {
    // As if this client (an in-process request has no socket address) had nearly used up its failures.
    await ctx.db
      .insert(rateLimits)
      .values({ key: "sign-in:ip:unknown", windowStart: new Date(), count: RULES.signInIp.max - 3 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: new Date(), count: RULES.signInIp.max - 3 } });
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.request("/api/auth/student/sign-in", {
        ...jsonRequest("POST", { code: `X${i}`, password: "AAAAAA" }),
        headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": `10.0.0.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const res = await ctx.app.request("/api/auth/student/sign-in", {
      ...jsonRequest("POST", { code: "OUTRO", password: "AAAAAA" }),
      headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": "10.9.9.9" },
    });
    expect(res.status).toBe(429);
  });

  it("with TRUST_PROXY, takes the address our proxy appended (the last X-Forwarded-For entry)", async () => {
    const proxied = await createTestContext({ TRUST_PROXY: "true" });
    const attempt = (xff: string) =>
      proxied.app.request("/api/auth/student/sign-in", {
        ...jsonRequest("POST", { code: "ZZ", password: "AAAAAA" }),
        headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": xff },
      });
    await proxied.db
      .insert(rateLimits)
      .values({ key: "sign-in:ip:198.51.100.7", windowStart: new Date(), count: RULES.signInIp.max - 3 });
    // Different per-account keys (codes) so only the IP limit can trip.
    for (let i = 0; i < 3; i++) {
      const res = await proxied.app.request("/api/auth/student/sign-in", {
        ...jsonRequest("POST", { code: `C${i}`, password: "AAAAAA" }),
        headers: {
          "content-type": "application/json",
          origin: TEST_BASE_URL,
          "x-forwarded-for": `1.2.3.${i}, 198.51.100.7`,
        },
      });
      expect(res.status).toBe(401);
    }
    expect((await attempt("203.0.113.1, 198.51.100.7")).status).toBe(429);
    expect((await attempt("198.51.100.8")).status).toBe(401);
    await proxied.close();
  });

  it("shares the counters between instances through PostgreSQL", async () => {
    const { createApp } = await import("../../app");
    const second = createApp(ctx.deps);
    const res = await second.request(
      "/api/auth/sign-in",
      jsonRequest("POST", { email: "alvo@inst.ao", password: "segredo1" }),
    );
    expect(res.status).toBe(429);
  });
});

describe("CSRF", () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await staffActor(ctx, "super_admin"));
  });
  afterAll(() => ctx.close());

  it("refuses a state-changing request with a session cookie from another origin", async () => {
    const res = await ctx.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await body(res)).error.code).toBe("bad_origin");
    expect((await body(await ctx.app.request("/api/session", { headers: { cookie } }))).user).not.toBeNull();
  });

  it("refuses a cookie-carrying state change that names no origin", async () => {
    const res = await ctx.app.request("/api/auth/sign-out", { method: "POST", headers: { cookie } });
    expect(res.status).toBe(403);
  });

  it("accepts our own origin", async () => {
    const res = await ctx.app.request("/api/auth/sign-out", jsonRequest("POST", undefined, cookie));
    expect(res.status).toBe(200);
  });
});
