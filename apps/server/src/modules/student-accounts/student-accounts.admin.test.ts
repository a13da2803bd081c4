import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, staffActor, studentActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { enrollmentRow } from "../../../test/fixtures";
import {
  authAccount,
  authSession,
  courses,
  enrollments,
  idempotentRequests,
  paymentReceipts,
  storedFiles,
  studentAccounts,
} from "../../db/schema";

describe("'Contas de Alunos': staff manage student credentials", () => {
  let ctx: TestContext;
  let secretaria: string;
  let professor: string;
  let financeiro: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    secretaria = (await staffActor(ctx, "secretaria")).cookie;
    professor = (await staffActor(ctx, "professor")).cookie;
    financeiro = (await staffActor(ctx, "financeiro")).cookie;
  });
  afterAll(() => ctx.close());

  const accountOf = async (code: string) =>
    (await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, code)))[0]!;
  const list = async (cookie: string, q: string) =>
    (
      await body(
        await ctx.app.request(`/api/admin/student-accounts?q=${encodeURIComponent(q)}`, { headers: { cookie } }),
      )
    ).rows;
  const signIn = (code: string, password: string) =>
    ctx.app.request("/api/auth/student/sign-in", jsonRequest("POST", { code, password }));
  const whoAmI = async (cookie: string) => body(await ctx.app.request("/api/session", { headers: { cookie } }));
  /** A request as the web sends it: one Idempotency-Key per confirmation (a fresh one unless given). */
  const confirmed = (method: string, payload: unknown, cookie: string, key: string | null): RequestInit => {
    const init = jsonRequest(method, payload, cookie);
    return { ...init, headers: { ...(init.headers as object), ...(key ? { "idempotency-key": key } : {}) } };
  };
  const reset = (id: string, cookie = secretaria, key: string | null = randomUUID()) =>
    ctx.app.request(`/api/admin/student-accounts/${id}/reset-password`, confirmed("POST", undefined, cookie, key));
  const edit = (id: string, payload: unknown, cookie = secretaria, key: string | null = randomUUID()) =>
    ctx.app.request(`/api/admin/student-accounts/${id}/credentials`, confirmed("PUT", payload, cookie, key));

  it("lists each account with its enrolments (course, status, class, dates) and receipts, and never a password", async () => {
    const s = await studentActor(ctx, "Lista Joana", { temporaryPassword: true });
    const account = await accountOf(s.studentCode);
    const [course] = await ctx.db
      .insert(courses)
      .values({ name: "Contabilidade Prática", durationMonths: 2, price: 80000 })
      .returning();
    const [file] = await ctx.db
      .insert(storedFiles)
      .values({
        ownerUserId: account.userId,
        kind: "receipt",
        contentType: "application/pdf",
        size: 10,
        storageKey: `k-${account.id}`,
      })
      .returning();
    const [enrolment] = await ctx.db
      .insert(enrollments)
      .values(
        enrollmentRow(course!.id, {
          studentAccountId: account.id,
          userId: account.userId,
          status: "payment_pending",
          paymentReferenceCode: `REF${account.id.slice(0, 6).toUpperCase()}`,
        }),
      )
      .returning();
    await ctx.db.insert(paymentReceipts).values({
      studentAccountId: account.id,
      enrollmentId: enrolment!.id,
      fileId: file!.id,
      fileType: "pdf",
      paidAmount: 80000,
      paymentDate: "2026-11-02",
      coursePrice: 80000,
    });

    for (const cookie of [secretaria, professor, financeiro]) {
      const rows = await list(cookie, s.studentCode);
      const row = rows.find((r: { studentCode: string }) => r.studentCode === s.studentCode);
      expect(row).toMatchObject({
        studentName: "Lista Joana",
        studentPhone: s.phone,
        mustChangePassword: true,
        passwordChangedAt: null,
        enrollmentCompleted: false,
        enrollments: [
          {
            courseName: "Contabilidade Prática",
            status: "payment_pending",
            className: null,
            classStartDate: null,
            approvalDate: null,
          },
        ],
        receipts: [
          { courseName: "Contabilidade Prática", paidAmount: 80000, paymentDate: "2026-11-02", status: "pending" },
        ],
      });
      expect(JSON.stringify(rows).toLowerCase()).not.toContain('password":"');
      expect(Object.keys(row)).not.toContain("studentPassword");
    }
  });

  it("reset: the old password stops working, the new one works, every session ends, and the password is temporary again", async () => {
    const s = await studentActor(ctx, "Reset Pedro");
    const changed = await ctx.app.request(
      "/api/me/account/password",
      jsonRequest(
        "PUT",
        { currentPassword: s.studentPassword, newPassword: "PEDRO9", confirmPassword: "PEDRO9" },
        s.cookie,
      ),
    );
    expect(changed.status).toBe(200);
    const account = await accountOf(s.studentCode);
    expect(account.mustChangePassword).toBe(false);

    const res = await reset(account.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { studentCode, studentPassword } = await body(res);
    expect(studentCode).toBe(s.studentCode);
    expect(studentPassword).toMatch(/^[A-Z0-9]{6}$/);

    expect((await whoAmI(s.cookie)).user).toBeNull();
    expect(await ctx.db.select().from(authSession).where(eq(authSession.userId, account.userId))).toEqual([]);
    expect((await signIn(s.studentCode, "PEDRO9")).status).toBe(401);
    const ok = await signIn(s.studentCode, studentPassword);
    expect(ok.status).toBe(200);
    expect((await accountOf(s.studentCode)).mustChangePassword).toBe(true);
    const [credential] = await ctx.db.select().from(authAccount).where(eq(authAccount.userId, account.userId));
    expect(credential!.password).not.toContain(studentPassword);
  });

  it("edit: the code is upper-cased and is the new login, the old code fails, sessions end; a new password is optional", async () => {
    const s = await studentActor(ctx, "Edita Rosa", { temporaryPassword: true });
    const account = await accountOf(s.studentCode);
    const newCode = `ro${account.id.slice(0, 6)}`.replace(/[^a-z0-9]/gi, "x");

    const res = await edit(account.id, { studentCode: `  ${newCode} `, newPassword: "" });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      id: account.id,
      studentCode: newCode.toUpperCase(),
      mustChangePassword: true,
    });
    expect((await whoAmI(s.cookie)).user).toBeNull();
    expect((await signIn(s.studentCode, s.studentPassword)).status).toBe(401);
    expect((await signIn(newCode.toLowerCase(), s.studentPassword)).status).toBe(200);

    const withPassword = await edit(account.id, { studentCode: newCode, newPassword: "rosa26" });
    expect(withPassword.status).toBe(200);
    expect((await signIn(newCode, s.studentPassword)).status).toBe(401);
    expect((await signIn(newCode, "ROSA26")).status).toBe(200);
  });

  it("refuses a bad code or password with the field's message, and changes nothing", async () => {
    const s = await studentActor(ctx, "Valida Ana");
    const account = await accountOf(s.studentCode);
    const cases: [unknown, string, string][] = [
      [{ studentCode: "" }, "studentCode", "Código é obrigatório"],
      [{ studentCode: "ABCDEFGHIJK" }, "studentCode", "O código pode ter no máximo 10 caracteres"],
      [{ studentCode: "AL-12" }, "studentCode", "O código só pode ter letras (A–Z) e algarismos (0–9)"],
      [
        { studentCode: s.studentCode, newPassword: "ABC12" },
        "newPassword",
        "Senha deve ter exatamente 6 caracteres alfanuméricos (A-Z, 0-9)",
      ],
      [
        { studentCode: s.studentCode, newPassword: "ABC-12" },
        "newPassword",
        "Senha deve ter exatamente 6 caracteres alfanuméricos (A-Z, 0-9)",
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await edit(account.id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect((await body(res)).error.issues).toContainEqual({ path, message });
    }
    expect((await whoAmI(s.cookie)).student.code).toBe(s.studentCode);
    expect((await signIn(s.studentCode, s.studentPassword)).status).toBe(200);
  });

  it("'Código já em uso' for another student's code, and for two staff giving the same code at once: one succeeds", async () => {
    const a = await studentActor(ctx, "Clash A");
    const b = await studentActor(ctx, "Clash B");
    const c = await studentActor(ctx, "Clash C");
    const [accountA, accountB, accountC] = await Promise.all([a, b, c].map((s) => accountOf(s.studentCode)));

    const taken = await edit(accountB!.id, { studentCode: a.studentCode.toLowerCase() });
    expect(taken.status).toBe(409);
    expect((await body(taken)).error).toMatchObject({
      message: "Código já em uso",
      issues: [{ path: "studentCode", message: "Código já em uso" }],
    });
    expect((await accountOf(b.studentCode)).studentCode).toBe(b.studentCode);
    expect((await whoAmI(b.cookie)).student.code).toBe(b.studentCode);

    const code = `Z${accountA!.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const answers = await Promise.all([
      edit(accountB!.id, { studentCode: code }),
      edit(accountC!.id, { studentCode: code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const holders = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, code));
    expect(holders).toHaveLength(1);
    const loser = holders[0]!.id === accountB!.id ? c : b;
    expect((await signIn(loser.studentCode, loser.studentPassword)).status).toBe(200);
  });

  it("professor and financeiro see the accounts but may not change credentials; students may call none of these routes", async () => {
    const s = await studentActor(ctx, "Protegida");
    const account = await accountOf(s.studentCode);
    for (const cookie of [professor, financeiro]) {
      expect((await reset(account.id, cookie)).status).toBe(403);
      const res = await edit(account.id, { studentCode: "HACK1" }, cookie);
      expect(res.status).toBe(403);
      expect((await body(res)).error.message).toBe(
        "Só Super Administrador, Administrador e Secretaria podem alterar as credenciais dos alunos",
      );
    }
    expect((await ctx.app.request("/api/admin/student-accounts", { headers: { cookie: s.cookie } })).status).toBe(403);
    expect((await reset(account.id, s.cookie)).status).toBe(403);
    expect((await edit(account.id, { studentCode: "MEU1" }, s.cookie)).status).toBe(403);
    expect((await signIn(s.studentCode, s.studentPassword)).status).toBe(200);
    expect((await reset("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("one confirmation resets once: two parallel requests with its key get the same password, which signs in", async () => {
    const s = await studentActor(ctx, "Clique Duplo");
    const account = await accountOf(s.studentCode);
    const key = randomUUID();

    const answers = await Promise.all([reset(account.id, secretaria, key), reset(account.id, secretaria, key)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [first, second] = await Promise.all(answers.map(body));
    expect(first.studentPassword).toMatch(/^[A-Z0-9]{6}$/);
    expect(second).toEqual(first);
    expect(answers.map((r) => r.headers.get("cache-control"))).toEqual(["no-store", "no-store"]);
    const signedIn = await signIn(s.studentCode, first.studentPassword);
    expect(signedIn.status).toBe(200);

    // A retry after the first completed (the answer was lost on the way): the same password, no second
    // reset — the student's new session is still open and the password still works.
    const retry = await reset(account.id, secretaria, key);
    expect(retry.status).toBe(200);
    expect(await body(retry)).toEqual(first);
    expect((await whoAmI(cookieOf(signedIn))).student.code).toBe(s.studentCode);
    expect((await signIn(s.studentCode, first.studentPassword)).status).toBe(200);

    // What is kept for the replay is encrypted: the password is nowhere in the row.
    const [kept] = await ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
    expect(kept).toMatchObject({ operation: "student-password-reset", targetId: account.id });
    expect(JSON.stringify(kept)).not.toContain(first.studentPassword);
  });

  it("a key is refused from another staff user, for another student or another operation, and without a key", async () => {
    const a = await studentActor(ctx, "Chave Alvo");
    const b = await studentActor(ctx, "Chave Outro");
    const [accountA, accountB] = await Promise.all([accountOf(a.studentCode), accountOf(b.studentCode)]);
    const admin = (await staffActor(ctx, "admin")).cookie;
    const key = randomUUID();
    expect((await reset(accountA.id, secretaria, key)).status).toBe(200);

    const refusals = [
      await reset(accountA.id, admin, key),
      await reset(accountB.id, secretaria, key),
      await edit(accountA.id, { studentCode: a.studentCode, newPassword: "CHAVE1" }, secretaria, key),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect((await body(res)).error.message).toBe(
        "Esta confirmação já foi usada para outro pedido. Feche a janela e tente de novo.",
      );
    }
    for (const noKey of [null, "not-a-uuid"]) {
      const res = await reset(accountB.id, secretaria, noKey);
      expect(res.status).toBe(400);
      expect((await body(res)).error.message).toBe(
        "Pedido sem chave de confirmação válida. Recarregue a página e tente de novo.",
      );
    }
    // Student B was never reset: their session and password are untouched.
    expect((await whoAmI(b.cookie)).student.code).toBe(b.studentCode);
    expect((await signIn(b.studentCode, b.studentPassword)).status).toBe(200);
  });

  it("after 10 minutes the answer is gone: a late retry is refused and resets nothing", async () => {
    const s = await studentActor(ctx, "Retry Tardio");
    const account = await accountOf(s.studentCode);
    const key = randomUUID();
    const { studentPassword } = await body(await reset(account.id, secretaria, key));
    await ctx.db
      .update(idempotentRequests)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(idempotentRequests.key, key));
    const late = await reset(account.id, secretaria, key);
    expect(late.status).toBe(409);
    expect((await body(late)).error.message).toBe(
      "Este pedido já foi feito e a resposta já não pode ser mostrada de novo. Feche a janela e repita a operação.",
    );
    const [kept] = await ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
    expect(kept!.response).toBeNull();
    expect((await signIn(s.studentCode, studentPassword)).status).toBe(200);
  });

  it("'Editar credenciais' sent twice with one key sets the password once; the same key with other data is refused", async () => {
    const s = await studentActor(ctx, "Edita Duas");
    const account = await accountOf(s.studentCode);
    const key = randomUUID();
    const payload = { studentCode: s.studentCode, newPassword: "DUAS26" };
    const answers = await Promise.all([
      edit(account.id, payload, secretaria, key),
      edit(account.id, payload, secretaria, key),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [first, second] = await Promise.all(answers.map(body));
    expect(second).toEqual(first);
    const signedIn = await signIn(s.studentCode, "DUAS26");
    expect(signedIn.status).toBe(200);
    // A retry does not end the session opened since, as a second edit would.
    expect((await edit(account.id, payload, secretaria, key)).status).toBe(200);
    expect((await whoAmI(cookieOf(signedIn))).student.code).toBe(s.studentCode);

    const changed = await edit(account.id, { ...payload, newPassword: "OUTRA2" }, secretaria, key);
    expect(changed.status).toBe(409);
    expect((await signIn(s.studentCode, "OUTRA2")).status).toBe(401);
  });
});
