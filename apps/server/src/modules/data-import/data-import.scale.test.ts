import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHOSEN_STUDENT_PASSWORD, cookieOf, jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { insertClass, insertCourse } from "../../../test/fixtures";
import { authAccount, classes, enrollmentEvents, enrollments, payments, studentAccounts } from "../../db/schema";

const STUDENTS = 600;
/** Past the 1 000 rows of one INSERT: the enrolments and their events take two statements each. */
const ENROLMENTS = 1_050;
const STATES = ["Pago / Matriculado", "Concluído", "Aprovado", "Pré-inscrito"] as const;

/** A sheet of many students (decision 097, "Scale"): row i is student i % STUDENTS, in course A, then B. */
function bigSheet() {
  const lines = [
    "Nome;Nº do BI;Telefone;Data de nascimento;Província;Horário preferido;Curso;Turma;Estado;Valor pago;Data do pagamento;Nota final",
  ];
  for (let i = 0; i < ENROLMENTS; i++) {
    const s = i % STUDENTS;
    const state = STATES[i % STATES.length]!;
    const seat = state === "Pago / Matriculado" || state === "Concluído";
    const phone = String(930_000_000 + s);
    lines.push(
      [
        `Aluno Escala ${s}`,
        `BI${String(s).padStart(9, "0")}LA`,
        `+244 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
        "15/03/2001",
        "Luanda",
        "Manhã",
        i < STUDENTS ? "Escala A" : "Escala B",
        seat ? "Turma Escala" : "",
        state,
        seat ? "150.000,00" : "",
        seat ? "10/11/2026" : "",
        state === "Concluído" ? "14" : "",
      ].join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}`;
}

/** The import of a sheet of hundreds of students through the API, on a real PostgreSQL. */
describe("data import at scale", () => {
  let ctx: TestContext;
  let cookie: string;
  const courseIds: Record<string, string> = {};
  const classIds: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ["Escala A", "Escala B"]) {
      courseIds[name] = await insertCourse(ctx.db, { name });
      classIds[name] = await insertClass(ctx.db, courseIds[name], { name: "Turma Escala", maxStudents: 1_000 });
    }
    cookie = (await staffActor(ctx, "admin")).cookie;
  });
  afterAll(() => ctx.close());

  const importSheet = async (csv: string) => {
    const fd = new FormData();
    fd.append("kind", "alunos");
    fd.append("file", new File([csv], "alunos.csv", { type: "text/csv" }));
    const res = await ctx.app.request("/api/admin/data-import", {
      method: "POST",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
    expect(res.status).toBe(201);
    return body(res);
  };

  it("writes every account, enrolment, payment, History event and seat; a listed credential signs in", async () => {
    const csv = bigSheet();
    const done = await importSheet(csv);
    expect(done.counts).toEqual({ nova: ENROLMENTS, atualizada: 0, igual: 0, erro: 0 });
    expect(done.credentials).toHaveLength(STUDENTS);
    expect(new Set(done.credentials.map((c: { studentCode: string }) => c.studentCode)).size).toBe(STUDENTS);

    expect(await ctx.db.$count(studentAccounts)).toBe(STUDENTS);
    const rows = await ctx.db.select().from(enrollments);
    expect(rows).toHaveLength(ENROLMENTS);
    const perState = (s: string) => rows.filter((r) => r.status === s).length;
    // Row i's state is STATES[i % 4]: 1 050 rows give 263, 263, 262 and 262.
    expect([perState("enrolled"), perState("completed"), perState("approved"), perState("pre_inscrito")]).toEqual([
      263, 263, 262, 262,
    ]);
    const approvedCodes = rows.filter((r) => r.status === "approved").map((r) => r.paymentReferenceCode);
    expect(new Set(approvedCodes).size).toBe(262);
    expect(approvedCodes.every((c) => /^[A-Z2-9]{8}$/.test(c ?? ""))).toBe(true);
    // Each student's rows hang on the one account: row i and row i + 600 are the same BI.
    const accounts = new Set(rows.map((r) => r.studentAccountId));
    expect(accounts.size).toBe(STUDENTS);

    const paid = await ctx.db.select().from(payments);
    expect(paid).toHaveLength(526);
    expect(paid.every((p) => p.paymentMethod === "importado" && p.status === "confirmed")).toBe(true);
    expect(paid.reduce((sum, p) => sum + p.amount, 0)).toBe(526 * 150_000);

    const events = await ctx.db.select().from(enrollmentEvents).where(like(enrollmentEvents.note, "Importado%"));
    expect(events).toHaveLength(ENROLMENTS);
    const lastRow = rows.find((r) => r.studentName === "Aluno Escala 449" && r.courseId === courseIds["Escala B"]);
    expect(events.find((e) => e.enrollmentId === lastRow!.id)?.note).toBe(
      `Importado da planilha (linha ${ENROLMENTS + 1})`,
    );

    // Seats: rows 0–599 are course A (150 paid + 150 completed), rows 600–1 049 course B (113 + 113).
    const seats = async (course: string) =>
      (await ctx.db.select().from(classes).where(eq(classes.id, classIds[course]!)))[0]!.currentStudents;
    expect(await seats("Escala A")).toBe(300);
    expect(await seats("Escala B")).toBe(226);

    // A listed credential signs in; the student must choose a password, which is hashed at the full cost.
    const access = done.credentials.at(-1) as { studentCode: string; studentPassword: string };
    const signedIn = await ctx.app.request(
      "/api/auth/student/sign-in",
      jsonRequest("POST", { code: access.studentCode, password: access.studentPassword }),
    );
    expect(signedIn.status).toBe(200);
    const studentCookie = cookieOf(signedIn);
    const session = await body(await ctx.app.request("/api/session", { headers: { cookie: studentCookie } }));
    expect(session.student).toMatchObject({ mustChangePassword: true });
    const [account] = await ctx.db
      .select({ userId: studentAccounts.userId })
      .from(studentAccounts)
      .where(eq(studentAccounts.studentCode, access.studentCode));
    const storedHash = async () =>
      (await ctx.db.select().from(authAccount).where(eq(authAccount.userId, account!.userId)))[0]!.password!;
    // The temporary password's hash is the cheaper one, its cost written in it (decision 097, "Scale").
    expect(await storedHash()).toMatch(/^\$scrypt\$N=1024,r=8,p=1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    const choose = (password: string) =>
      ctx.app.request(
        "/api/me/account/password",
        jsonRequest("PUT", { newPassword: password, confirmPassword: password }, studentCookie),
      );
    const same = await choose(access.studentPassword);
    expect(same.status).toBe(400);
    expect(JSON.stringify(await body(same))).toContain("Escolha uma senha diferente da temporária");
    expect((await choose(CHOSEN_STUDENT_PASSWORD)).status).toBe(200);
    // better-auth's own format and cost: "salt:key".
    expect(await storedHash()).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const again = await ctx.app.request(
      "/api/auth/student/sign-in",
      jsonRequest("POST", { code: access.studentCode, password: CHOSEN_STUDENT_PASSWORD }),
    );
    expect(again.status).toBe(200);

    // The same sheet again: every row 'igual', nothing written.
    const second = await importSheet(csv);
    expect(second.counts).toEqual({ nova: 0, atualizada: 0, igual: ENROLMENTS, erro: 0 });
    expect(second.credentials).toEqual([]);
    expect(await ctx.db.$count(enrollments)).toBe(ENROLMENTS);
    expect(await seats("Escala A")).toBe(300);
  });
});
