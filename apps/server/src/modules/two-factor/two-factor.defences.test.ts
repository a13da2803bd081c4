import { tooManyAttempts } from "@app/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jsonRequest, signInStaff, staffActor } from "../../../test/actors";
import { body } from "../../../test/context";
import {
  codeAt,
  laterPeriods,
  liveCookies,
  passwordStep,
  post,
  turnOn,
  twoFactorSuite,
} from "../../../test/two-factor";
import { authSession } from "../../db/schema";

const CODE_USED = {
  code: "sign_in_again",
  message: "Este código já foi usado. Entre novamente com o seu email e senha e digite o próximo código do aplicativo.",
};

describe("two-factor sign-in: a code once, no half sessions, no password oracle (issue 33, decision 080)", () => {
  const suite = twoFactorSuite();

  const receipts = (cookie: string) => suite.ctx.app.request("/api/admin/receipts", { headers: { cookie } });
  const signInWithCode = async (email: string, code: string) =>
    post(suite.ctx, "/api/auth/sign-in/code", { code }, await passwordStep(suite.ctx, email));
  const requireForFinanceiro = async () => {
    const res = await suite.ctx.app.request(
      "/api/admin/roles/financeiro/two-factor",
      jsonRequest("PUT", { required: true }, suite.boss.cookie),
    );
    expect(res.status).toBe(200);
  };

  it("an authenticator code signs in once: the same code, or an older one, is refused; the next one works", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const { secret } = await turnOn(suite.ctx, fin);
    // The code that confirmed the set-up has been used.
    const confirming = await signInWithCode(fin.email, codeAt(secret));
    expect(confirming.status).toBe(401);
    expect((await body(confirming)).error).toEqual(CODE_USED);

    laterPeriods(1);
    const first = await signInWithCode(fin.email, codeAt(secret));
    expect(first.status).toBe(200);
    const replayed = await signInWithCode(fin.email, codeAt(secret));
    expect(replayed.status).toBe(401);
    expect((await body(replayed)).error).toEqual(CODE_USED);
    expect(liveCookies(replayed)).toBe(""); // no session cookie, and the code step is spent
    // The previous period's code is still inside the accepted window, but older than the one used.
    expect((await signInWithCode(fin.email, codeAt(secret, -1))).status).toBe(401);
    const next = await signInWithCode(fin.email, codeAt(secret, 1));
    expect(next.status).toBe(200);
    expect((await receipts(liveCookies(next))).status).toBe(200);
  });

  it("two sign-ins at once with one code: exactly one gets in", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const { secret } = await turnOn(suite.ctx, fin);
    laterPeriods(1);
    const steps = [await passwordStep(suite.ctx, fin.email), await passwordStep(suite.ctx, fin.email)];
    const code = codeAt(secret);
    const answers = await Promise.all(steps.map((step) => post(suite.ctx, "/api/auth/sign-in/code", { code }, step)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const cookies = answers.map((a) => liveCookies(a));
    const opened = await Promise.all(cookies.map(async (cookie) => (cookie ? (await receipts(cookie)).status : 401)));
    expect(opened.sort()).toEqual([200, 401]);
  });

  it("confirming the set-up ends the user's other sessions: one opened with the password never becomes full", async () => {
    await requireForFinanceiro();
    const fin = await staffActor(suite.ctx, "financeiro"); // a password-only session, waiting for the set-up
    expect((await body(await receipts(fin.cookie))).error.code).toBe("two_factor_setup_required");
    const otherDevice = liveCookies(await signInStaff(suite.ctx, fin.email, "segredo1"));
    const { cookie } = await turnOn(suite.ctx, { cookie: otherDevice });
    expect((await receipts(cookie)).status).toBe(200);
    const waiting = await receipts(fin.cookie);
    expect(waiting.status).toBe(401);
    expect((await body(await suite.ctx.app.request("/api/session", { headers: { cookie: fin.cookie } }))).ended).toBe(
      true,
    );
  });

  it("a super_admin requires it while the user has a password-only session: that session never becomes full", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    expect((await receipts(fin.cookie)).status).toBe(200); // not required yet
    const { cookie } = await turnOn(suite.ctx, {
      cookie: liveCookies(await signInStaff(suite.ctx, fin.email, "segredo1")),
    });
    await requireForFinanceiro();
    expect((await receipts(cookie)).status).toBe(200);
    expect((await receipts(fin.cookie)).status).toBe(401);
  });

  it("a session not opened with the second factor (one from before this version) ends once the user has it on", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const { cookie } = await turnOn(suite.ctx, fin);
    await suite.ctx.db
      .update(authSession)
      .set({ secondFactorVerified: false })
      .where(eq(authSession.userId, fin.userId));
    expect((await receipts(cookie)).status).toBe(401);
    expect(await suite.ctx.db.select().from(authSession).where(eq(authSession.userId, fin.userId))).toEqual([]);
  });

  it("the set-up says 'already on' without looking at the password", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const { cookie } = await turnOn(suite.ctx, fin);
    for (const password of ["errada1", "segredo1", "errada2", "errada3", "errada4", "errada5", "errada6"]) {
      const res = await post(suite.ctx, "/api/admin/account/two-factor", { password }, cookie);
      expect(res.status, password).toBe(409);
      expect((await body(res)).error.code).toBe("two_factor_already_on");
    }
  });

  it("wrong passwords at the set-up are limited like the sign-in: 5, then 429 with the sign-in's message", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    for (let i = 0; i < 5; i++) {
      const wrong = await post(suite.ctx, "/api/admin/account/two-factor", { password: `errada${i}` }, fin.cookie);
      expect(wrong.status).toBe(400);
    }
    const refused = await post(suite.ctx, "/api/admin/account/two-factor", { password: "segredo1" }, fin.cookie);
    expect(refused.status).toBe(429);
    expect((await body(refused)).error).toEqual(tooManyAttempts(1));
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});
