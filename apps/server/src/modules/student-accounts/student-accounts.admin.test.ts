import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor, studentActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { enrollmentRow } from "../../../test/fixtures";
import {
  authAccount,
  authSession,
  courses,
  enrollments,
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
  const list = async (cookie: string) =>
    body(await ctx.app.request("/api/admin/student-accounts", { headers: { cookie } }));
  const signIn = (code: string, password: string) =>
    ctx.app.request("/api/auth/student/sign-in", jsonRequest("POST", { code, password }));
  const whoAmI = async (cookie: string) => body(await ctx.app.request("/api/session", { headers: { cookie } }));
  const reset = (id: string, cookie = secretaria) =>
    ctx.app.request(`/api/admin/student-accounts/${id}/reset-password`, jsonRequest("POST", undefined, cookie));
  const edit = (id: string, payload: unknown, cookie = secretaria) =>
    ctx.app.request(`/api/admin/student-accounts/${id}/credentials`, jsonRequest("PUT", payload, cookie));

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
      const rows = await list(cookie);
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
      "/api/student-accounts/me/password",
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
});
