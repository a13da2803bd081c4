import { symmetricEncrypt } from "better-auth/crypto";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jsonRequest, signInStaff, staffActor, studentActor } from "../../../test/actors";
import { body } from "../../../test/context";
import {
  codeAt,
  laterPeriods,
  liveCookies,
  passwordStep as passwordStepOf,
  post as postTo,
  turnOn as turnOnFor,
  twoFactorSuite,
} from "../../../test/two-factor";
import { authTwoFactor, rateLimits, staffRoleSettings, staffUserEvents } from "../../db/schema";
import { resetTwoFactorByEmail } from "./two-factor.service";

describe("staff two-factor sign-in (issue 27, decision 076)", () => {
  const suite = twoFactorSuite();

  const post = (path: string, payload: unknown, cookie?: string) => postTo(suite.ctx, path, payload, cookie);
  const turnOn = (user: { cookie: string }) => turnOnFor(suite.ctx, user);
  const passwordStep = (email: string) => passwordStepOf(suite.ctx, email);

  it("turns on with a first code; the sign-in then asks for the code, and the right one opens a session", async () => {
    const fin = await staffActor(suite.ctx, "financeiro", "Fina");
    const started = await post("/api/admin/account/two-factor", { password: "segredo1" }, fin.cookie);
    const setUp = await body(started);
    expect(setUp.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?secret=/);
    expect(setUp.otpauthUri).toContain("digits=6");
    expect(setUp.otpauthUri).toContain("period=30");
    expect(setUp.qrSvg).toMatch(/^<svg/);
    expect(setUp.backupCodes).toHaveLength(10);
    // Not on until a code confirms it: the password alone still signs in.
    expect(await body(await signInStaff(suite.ctx, fin.email, "segredo1"))).toMatchObject({
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
    expect((await suite.ctx.app.request("/api/admin/receipts", { headers: { cookie: pending } })).status).toBe(401);
    laterPeriods(1); // the confirmation used this period's code
    const signedIn = await post("/api/auth/sign-in/code", { code: codeAt(setUp.secret) }, pending);
    expect(signedIn.status).toBe(200);
    expect(await body(signedIn)).toMatchObject({ staff: { role: "financeiro", twoFactorEnabled: true } });
    const cookie = liveCookies(signedIn);
    expect((await suite.ctx.app.request("/api/admin/receipts", { headers: { cookie } })).status).toBe(200);
  });

  it("accepts the previous and the next period's code, refuses two periods away", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const { secret } = await turnOn(fin);
    laterPeriods(3); // past the period the confirmation used
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
    const fin = await staffActor(suite.ctx, "financeiro");
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

  it("backup codes are upper case without look-alikes; typed in lower case, with spaces and no dash, one signs in once", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const { backupCodes } = await turnOn(fin);
    for (const code of backupCodes)
      expect(code).toMatch(/^[2-9ABCDEFGHJKMNPQRSTUVWXYZ]{5}-[2-9ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/);
    const code = backupCodes[1]!;
    const typed = ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3, 5).toLowerCase()}${code.slice(6).toLowerCase()} `;
    expect(typed).not.toContain("-");
    const first = await post("/api/auth/sign-in/code", { code: typed, backup: true }, await passwordStep(fin.email));
    expect(first.status).toBe(200);
    const again = await post("/api/auth/sign-in/code", { code, backup: true }, await passwordStep(fin.email));
    expect(again.status).toBe(401);
    expect((await body(again)).error.message).toBe("Código de recuperação incorreto ou já usado");
    // The other codes still open, each once.
    const other = await post(
      "/api/auth/sign-in/code",
      { code: backupCodes[2]!.toLowerCase(), backup: true },
      await passwordStep(fin.email),
    );
    expect(other.status).toBe(200);
  });

  it("codes issued before (mixed case, with I/l) still open in any case, with or without the dash, once", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    await turnOn(fin);
    // What the plugin stored before decision 086: its mixed-case codes, JSON encrypted with the auth secret.
    const issued = ["kUxSi-5BFLl", "Q0oPz-mNbVc"];
    const key = (await suite.ctx.deps.auth.$context).secretConfig;
    await suite.ctx.db
      .update(authTwoFactor)
      .set({ backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(issued) }) })
      .where(eq(authTwoFactor.userId, fin.userId));
    const signIn = async (code: string) =>
      (await post("/api/auth/sign-in/code", { code, backup: true }, await passwordStep(fin.email))).status;
    expect(await signIn("kuxsi 5bfll")).toBe(200);
    expect(await signIn("kUxSi-5BFLl")).toBe(401);
    expect(await signIn("QOOPZ MNBVC")).toBe(200); // 0 read as O
    expect(await signIn("Q0oPz-mNbVc")).toBe(401);
  });

  it("ends a code step after 5 wrong codes, locks the account after 10 in a row; our per-client limit answers too", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const { secret } = await turnOn(fin);
    const forgetOurCounter = () => suite.ctx.db.delete(rateLimits).where(like(rateLimits.key, "second-step:%"));
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
    const [row] = await suite.ctx.db.select().from(authTwoFactor).where(eq(authTwoFactor.userId, fin.userId));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("a role that requires it: every staff API refuses the session until it is on; the set-up stays open", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const setting = await suite.ctx.app.request(
      "/api/admin/roles/financeiro/two-factor",
      jsonRequest("PUT", { required: true }, suite.boss.cookie),
    );
    expect(await body(setting)).toEqual({ role: "financeiro", required: true });
    const refused = await suite.ctx.app.request("/api/admin/receipts", { headers: { cookie: fin.cookie } });
    expect(refused.status).toBe(403);
    expect((await body(refused)).error).toEqual({
      code: "two_factor_setup_required",
      message: "O seu perfil exige a verificação em dois passos. Ative-a na sua conta antes de continuar.",
    });
    expect((await suite.ctx.app.request("/api/admin/dashboard", { headers: { cookie: fin.cookie } })).status).toBe(403);
    // The paths shared with students check the session themselves: the same refusal.
    const file = await suite.ctx.app.request("/api/files/00000000-0000-4000-8000-000000000000", {
      headers: { cookie: fin.cookie },
    });
    expect((await body(file)).error.code).toBe("two_factor_setup_required");
    const session = await body(await suite.ctx.app.request("/api/session", { headers: { cookie: fin.cookie } }));
    expect(session.staff).toEqual({ role: "financeiro", twoFactorEnabled: false, twoFactorRequired: true });
    const { cookie } = await turnOn(fin);
    expect((await suite.ctx.app.request("/api/admin/receipts", { headers: { cookie } })).status).toBe(200);
    // Roles that do not require it are unchanged.
    const admin = await staffActor(suite.ctx, "admin");
    expect((await suite.ctx.app.request("/api/admin/dashboard", { headers: { cookie: admin.cookie } })).status).toBe(
      200,
    );
  });

  it("a super_admin turns it off for a user: recorded in their history, sessions ended, asked to set it up again", async () => {
    const fin = await staffActor(suite.ctx, "financeiro");
    const on = await turnOn(fin);
    await suite.ctx.db
      .update(staffRoleSettings)
      .set({ twoFactorRequired: true })
      .where(eq(staffRoleSettings.role, "financeiro"));
    const byOther = await suite.ctx.app.request(
      `/api/admin/users/${fin.userId}/two-factor`,
      jsonRequest("DELETE", undefined, on.cookie),
    );
    expect(byOther.status).toBe(403);
    const off = await suite.ctx.app.request(
      `/api/admin/users/${fin.userId}/two-factor`,
      jsonRequest("DELETE", undefined, suite.boss.cookie),
    );
    expect(off.status).toBe(200);
    const events = await suite.ctx.db.select().from(staffUserEvents).where(eq(staffUserEvents.userId, fin.userId));
    expect(events).toMatchObject([{ kind: "two_factor_turned_off", byUserId: suite.boss.userId }]);
    expect((await suite.ctx.app.request("/api/admin/receipts", { headers: { cookie: on.cookie } })).status).toBe(401);
    const signedIn = await signInStaff(suite.ctx, fin.email, "segredo1");
    expect(await body(signedIn)).toMatchObject({ staff: { twoFactorEnabled: false, twoFactorRequired: true } });
    const cookie = liveCookies(signedIn);
    expect((await body(await suite.ctx.app.request("/api/admin/receipts", { headers: { cookie } }))).error.code).toBe(
      "two_factor_setup_required",
    );
    const twice = await suite.ctx.app.request(
      `/api/admin/users/${fin.userId}/two-factor`,
      jsonRequest("DELETE", undefined, suite.boss.cookie),
    );
    expect(twice.status).toBe(409);
  });

  it("create-admin's reset (the server's shell) turns it off for a locked-out super_admin", async () => {
    const chief = await staffActor(suite.ctx, "super_admin");
    await turnOn(chief);
    expect(await resetTwoFactorByEmail(suite.ctx.db, chief.email.toUpperCase())).toBe(true);
    expect(await body(await signInStaff(suite.ctx, chief.email, "segredo1"))).toMatchObject({
      staff: { twoFactorEnabled: false },
    });
  });

  it("students never get a second factor", async () => {
    const student = await studentActor(suite.ctx);
    const before = (await suite.ctx.db.select().from(authTwoFactor)).length;
    const res = await post("/api/admin/account/two-factor", { password: "MINHA1" }, student.cookie);
    expect(res.status).toBe(403);
    expect(await suite.ctx.db.select().from(authTwoFactor)).toHaveLength(before);
  });

  it("roles settings count each role's users and those a requirement would send to the set-up", async () => {
    const secretaria = async () =>
      (
        await body(
          await suite.ctx.app.request("/api/admin/roles/two-factor", { headers: { cookie: suite.boss.cookie } }),
        )
      ).items.find((i: { role: string }) => i.role === "secretaria");
    const before = await secretaria();
    const withIt = await staffActor(suite.ctx, "secretaria");
    await staffActor(suite.ctx, "secretaria");
    await staffActor(suite.ctx, null); // no role: counted nowhere
    await turnOn(withIt);
    expect(await secretaria()).toEqual({
      role: "secretaria",
      required: false,
      users: before.users + 2,
      withoutTwoFactor: before.withoutTwoFactor + 1,
    });
  });

  it("the users list says whose two-factor sign-in is on, and whose role requires it while it is off", async () => {
    const on = await staffActor(suite.ctx, "financeiro");
    await turnOn(on);
    const waiting = await staffActor(suite.ctx, "financeiro");
    const free = await staffActor(suite.ctx, "secretaria");
    await suite.ctx.app.request(
      "/api/admin/roles/financeiro/two-factor",
      jsonRequest("PUT", { required: true }, suite.boss.cookie),
    );
    const list = await body(
      await suite.ctx.app.request("/api/admin/users", { headers: { cookie: suite.boss.cookie } }),
    );
    const row = (id: string) => list.find((u: { id: string }) => u.id === id);
    expect(row(on.userId)).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: true });
    expect(row(waiting.userId)).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    expect(row(free.userId)).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
  });

  it("roles settings: listed for the super_admin; a wrong role changes nothing", async () => {
    const list = await body(
      await suite.ctx.app.request("/api/admin/roles/two-factor", { headers: { cookie: suite.boss.cookie } }),
    );
    expect(list.items).toContainEqual(expect.objectContaining({ role: "financeiro", required: false }));
    const bad = await suite.ctx.app.request(
      "/api/admin/roles/aluno/two-factor",
      jsonRequest("PUT", { required: true }, suite.boss.cookie),
    );
    expect(bad.status).toBe(400);
  });
});
