import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, studentActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { passwordQueue } from "../../auth/password-hashing";
import { authAccount, studentAccounts } from "../../db/schema";
import { generateStudentCode, generateStudentPassword } from "./credentials";
import { createStudentAccount } from "./student-accounts.service";

describe("student accounts", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const create = (payload: unknown) => ctx.app.request("/api/student-accounts", jsonRequest("POST", payload));

  it("creates an account and returns the code and a 6-character A-Z/0-9 password once; only a hash is stored", async () => {
    const res = await create({
      studentName: "Maria Manuel",
      studentPhone: "923 456 789",
      hasEmail: true,
      studentEmail: "Maria@Mail.ao",
    });
    expect(res.status).toBe(201);
    const { studentCode, studentPassword } = await body(res);
    expect(studentCode).toMatch(/^[A-Z0-9]{1,10}$/);
    expect(studentPassword).toMatch(/^[A-Z0-9]{6}$/);

    const [row] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, studentCode));
    expect(row).toMatchObject({
      studentName: "Maria Manuel",
      studentPhone: "923456789",
      studentEmail: "maria@mail.ao",
      mustChangePassword: true,
      passwordChangedAt: null,
      enrollmentCompleted: false,
    });
    expect(JSON.stringify(row)).not.toContain(studentPassword);
    const [account] = await ctx.db.select().from(authAccount).where(eq(authAccount.userId, row!.userId));
    expect(account!.password).not.toContain(studentPassword);
    expect(account!.password!.length).toBeGreaterThan(40);
  });

  it("reads the phone as people write it (+244, 00244, spaces, dashes) and stores its 9 digits", async () => {
    for (const typed of ["+244 923 456 789", "00244-923-456-789"]) {
      const res = await create({ studentName: "Rui Kassoma", studentPhone: typed, hasEmail: false });
      expect(res.status, typed).toBe(201);
      const { studentCode } = await body(res);
      const [row] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, studentCode));
      expect(row!.studentPhone, typed).toBe("923456789");
    }
  });

  it("refuses bad input with the SPEC's messages and creates nothing", async () => {
    const before = (await ctx.db.select().from(studentAccounts)).length;
    const cases: [unknown, string, string][] = [
      [
        { studentName: "A", studentPhone: "923456789", hasEmail: false },
        "studentName",
        "O nome deve ter pelo menos 2 caracteres",
      ],
      [
        { studentName: "Ana Paula", studentPhone: "92345678", hasEmail: false },
        "studentPhone",
        "Telefone deve ter 9 dígitos",
      ],
      [
        { studentName: "Ana Paula", studentPhone: "9234567890", hasEmail: false },
        "studentPhone",
        "Telefone deve ter 9 dígitos",
      ],
      [
        { studentName: "Ana Paula", studentPhone: "+244 92345678", hasEmail: false },
        "studentPhone",
        "Telefone deve ter 9 dígitos",
      ],
      [
        { studentName: "Ana Paula", studentPhone: "823456789", hasEmail: false },
        "studentPhone",
        "O celular deve começar com 9",
      ],
      [
        { studentName: "Ana Paula", studentPhone: "923-45a6 789", hasEmail: false },
        "studentPhone",
        "Telefone inválido: use apenas algarismos, com ou sem o indicativo +244",
      ],
      [
        { studentName: "Ana Paula", studentPhone: "923456789", hasEmail: true, studentEmail: "ana@" },
        "studentEmail",
        "Email inválido",
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await create(payload);
      expect(res.status).toBe(400);
      expect((await body(res)).error.issues).toContainEqual({ path, message });
    }
    expect((await ctx.db.select().from(studentAccounts)).length).toBe(before);
  });

  it("gives every account a different code, over many creations", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { studentCode } = await createStudentAccount(ctx.db, {
        studentName: `Aluno ${i}`,
        studentPhone: String(910000000 + i),
        hasEmail: false,
        studentEmail: null,
      });
      codes.add(studentCode);
    }
    expect(codes.size).toBe(40);
    // Forty password hashes, at the hasher's low CPU priority (decision 068): slow on a busy CI machine.
  }, 120_000);

  it("draws codes and passwords without look-alike characters (0/O, 1/I/L), from a secure generator", () => {
    const passwords = new Set(Array.from({ length: 2000 }, generateStudentPassword));
    expect(passwords.size).toBeGreaterThan(1990);
    const codes = Array.from({ length: 2000 }, generateStudentCode);
    for (const password of passwords) expect(password).toMatch(/^[A-Z0-9]{6}$/);
    for (const code of codes) expect(code).toMatch(/^AL[A-Z0-9]{6}$/);
    const drawn = new Set([...passwords, ...codes.map((c) => c.slice(2))].join(""));
    expect([...drawn].filter((ch) => "0O1IL".includes(ch))).toEqual([]);
    expect(drawn.size).toBe(31); // every other letter and digit appears
  });

  it("limits account creation per phone number: a family's five, then 429", async () => {
    const payload = { studentName: "Repetido", studentPhone: "955555555", hasEmail: false };
    for (let i = 0; i < 5; i++) expect((await create(payload)).status).toBe(201);
    const res = await create(payload);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  describe("sign-in with the code", () => {
    it("accepts the code in any case and says the same for an unknown code or a wrong password", async () => {
      const s = await studentActor(ctx, "Joana Silva");
      const ok = await ctx.app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: s.studentCode.toLowerCase(), password: s.studentPassword.toLowerCase() }),
      );
      expect(ok.status).toBe(200);
      expect(await body(ok)).toMatchObject({
        student: { code: s.studentCode, name: "Joana Silva", enrollmentCompleted: false },
        staff: null,
      });

      for (const payload of [
        { code: s.studentCode, password: "ZZZZZZ" },
        { code: "NAOEXISTE", password: s.studentPassword },
      ]) {
        const res = await ctx.app.request("/api/auth/student/sign-in", jsonRequest("POST", payload));
        expect(res.status).toBe(401);
        expect((await body(res)).error.message).toBe("Código ou senha incorretos");
      }
    });
  });

  describe("the student's own account and password", () => {
    it("shows the account and changes the password: flags set, other sessions ended, this one kept", async () => {
      const s = await studentActor(ctx, "Pedro Afonso", { temporaryPassword: true });
      const other = cookieOf(
        await ctx.app.request(
          "/api/auth/student/sign-in",
          jsonRequest("POST", { code: s.studentCode, password: s.studentPassword }),
        ),
      );
      const me = await body(await ctx.app.request("/api/me/account", { headers: { cookie: s.cookie } }));
      expect(me).toMatchObject({
        studentName: "Pedro Afonso",
        studentCode: s.studentCode,
        mustChangePassword: true,
        passwordChangedAt: null,
      });

      const change = (payload: unknown) =>
        ctx.app.request("/api/me/account/password", jsonRequest("PUT", payload, s.cookie));

      const wrong = await change({ currentPassword: "ZZZZZZ", newPassword: "NOVA12", confirmPassword: "NOVA12" });
      expect(wrong.status).toBe(400);
      expect((await body(wrong)).error.issues).toEqual([{ path: "currentPassword", message: "Senha atual incorreta" }]);

      const bad = await change({ currentPassword: s.studentPassword, newPassword: "abc", confirmPassword: "abc" });
      expect((await body(bad)).error.issues).toContainEqual({
        path: "newPassword",
        message: "Senha deve ter exatamente 6 caracteres alfanuméricos (A-Z, 0-9)",
      });

      const same = await change({
        currentPassword: s.studentPassword,
        newPassword: s.studentPassword.toLowerCase(),
        confirmPassword: s.studentPassword,
      });
      expect(same.status).toBe(400);
      expect((await body(same)).error.issues).toEqual([
        { path: "newPassword", message: "Escolha uma senha diferente da temporária" },
      ]);
      expect(
        (await body(await ctx.app.request("/api/me/account", { headers: { cookie: s.cookie } }))).mustChangePassword,
      ).toBe(true);

      const ok = await change({ currentPassword: s.studentPassword, newPassword: "nova12", confirmPassword: "NOVA12" });
      expect(ok.status).toBe(200);
      const after = await body(await ctx.app.request("/api/me/account", { headers: { cookie: s.cookie } }));
      expect(after.mustChangePassword).toBe(false);
      expect(after.passwordChangedAt).not.toBeNull();
      expect(await body(await ctx.app.request("/api/session", { headers: { cookie: other } }))).toMatchObject({
        user: null,
      });

      const relogin = await ctx.app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: s.studentCode, password: "NOVA12" }),
      );
      expect(relogin.status).toBe(200);
    });

    describe("just signed in with the temporary password (decision 090)", () => {
      const change = (cookie: string, payload: Record<string, string>) =>
        ctx.app.request("/api/me/account/password", jsonRequest("PUT", payload, cookie));
      const signIn = (code: string, password: string) =>
        ctx.app.request("/api/auth/student/sign-in", jsonRequest("POST", { code, password }));
      /** The session of `cookie` opened `minutes` ago (its sign-in), as if the student had waited that long. */
      const openedAgo = (cookie: string, minutes: number) =>
        ctx.db.execute(sql`
          update auth_session set created_at = now() - make_interval(mins => ${minutes})
          where token = ${decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]}`);

      it("chooses their own without typing it again, in one hash; keeping the temporary one is refused", async () => {
        const s = await studentActor(ctx, "Rosa Domingos", { temporaryPassword: true });
        const same = await change(s.cookie, { newPassword: s.studentPassword, confirmPassword: s.studentPassword });
        expect(same.status).toBe(400);
        expect((await body(same)).error.issues).toEqual([
          { path: "newPassword", message: "Escolha uma senha diferente da temporária" },
        ]);
        const before = passwordQueue().answered;
        const ok = await change(s.cookie, { newPassword: "rosa12", confirmPassword: "ROSA12" });
        expect(ok.status).toBe(200);
        expect(passwordQueue().answered - before).toBe(1);
        const me = await body(await ctx.app.request("/api/me/account", { headers: { cookie: s.cookie } }));
        expect(me).toMatchObject({ mustChangePassword: false });
        expect((await signIn(s.studentCode, "ROSA12")).status).toBe(200);
        expect((await signIn(s.studentCode, s.studentPassword)).status).toBe(401);
      });

      it("is asked for it after 15 minutes, or in a session older than that, even while a fresh one exists", async () => {
        const s = await studentActor(ctx, "Abel Kiluange", { temporaryPassword: true });
        await openedAgo(s.cookie, 16);
        const fresh = cookieOf(await signIn(s.studentCode, s.studentPassword));
        const late = await change(s.cookie, { newPassword: "ABEL12", confirmPassword: "ABEL12" });
        expect(late.status).toBe(400);
        expect((await body(late)).error.issues).toEqual([
          { path: "currentPassword", message: "Senha atual é obrigatória" },
        ]);
        const empty = await change(s.cookie, { currentPassword: "", newPassword: "ABEL12", confirmPassword: "ABEL12" });
        expect(empty.status).toBe(400);
        expect(
          (await body(await ctx.app.request("/api/me/account", { headers: { cookie: s.cookie } }))).mustChangePassword,
        ).toBe(true);
        // With the temporary password typed, the old session may; the fresh one may without it.
        const typed = await change(s.cookie, {
          currentPassword: s.studentPassword,
          newPassword: "ABEL12",
          confirmPassword: "ABEL12",
        });
        expect(typed.status).toBe(200);
        expect((await body(await ctx.app.request("/api/session", { headers: { cookie: fresh } }))).user).toBeNull();
      });

      it("a session opened with a fresh sign-in may, until its 15 minutes pass", async () => {
        const s = await studentActor(ctx, "Celeste Mbala", { temporaryPassword: true });
        await openedAgo(s.cookie, 14);
        expect((await change(s.cookie, { newPassword: "CELE12", confirmPassword: "CELE12" })).status).toBe(200);
      });

      it("'Dados de Acesso': a password already their own is always asked, however fresh the sign-in", async () => {
        const s = await studentActor(ctx, "Dário Neto");
        const fresh = cookieOf(await signIn(s.studentCode, s.studentPassword));
        const res = await change(fresh, { newPassword: "DARI12", confirmPassword: "DARI12" });
        expect(res.status).toBe(400);
        expect((await body(res)).error.issues).toEqual([
          { path: "currentPassword", message: "Senha atual é obrigatória" },
        ]);
        expect((await signIn(s.studentCode, "DARI12")).status).toBe(401);
      });
    });

    it("two changes from the same current password at once: one wins, the other is told the current one is wrong", async () => {
      const s = await studentActor(ctx, "Teresa Sebastião");
      const change = (newPassword: string) =>
        ctx.app.request(
          "/api/me/account/password",
          jsonRequest(
            "PUT",
            { currentPassword: s.studentPassword, newPassword, confirmPassword: newPassword },
            s.cookie,
          ),
        );
      const answers = await Promise.all([change("PRIM12"), change("SEGU34")]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const won = answers[0]!.status === 200 ? "PRIM12" : "SEGU34";
      const lost = won === "PRIM12" ? "SEGU34" : "PRIM12";
      const signIn = (password: string) =>
        ctx.app.request("/api/auth/student/sign-in", jsonRequest("POST", { code: s.studentCode, password }));
      expect((await signIn(won)).status).toBe(200);
      expect((await signIn(lost)).status).toBe(401);
    });
  });
});
