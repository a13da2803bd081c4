import { todayInLuanda } from "@app/shared/dates";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { enrolledStudent, postResults, teachingSetup } from "../../../test/teaching";
import { certificates, enrollmentEvents, enrollments } from "../../db/schema";

/**
 * Issue 21: a result entered by mistake is corrected by the staff who revoke (decision 027), once no
 * certificate of the enrolment is in force; the institute's pass mark (a setting, 10 by default).
 */
describe("result correction", () => {
  let ctx: TestContext;
  let secretaria: { cookie: string };
  let setup: Awaited<ReturnType<typeof teachingSetup>>;

  const enrollmentOf = async (id: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
  const certificatesOf = (enrollmentId: string) =>
    ctx.db
      .select()
      .from(certificates)
      .where(eq(certificates.enrollmentId, enrollmentId))
      .orderBy(asc(certificates.createdAt));
  const eventsOf = (enrollmentId: string) =>
    ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, enrollmentId))
      .orderBy(asc(enrollmentEvents.at));
  const correct = (enrollmentId: string, payload: unknown, cookie = secretaria.cookie) =>
    ctx.app.request(
      `/api/admin/teaching/enrollments/${enrollmentId}/result-correction`,
      jsonRequest("POST", payload, cookie),
    );
  const revoke = (certificateId: string, reason = "Nota registada por engano") =>
    ctx.app.request(
      `/api/admin/certificates/${certificateId}/revoke`,
      jsonRequest("POST", { reason }, secretaria.cookie),
    );
  /** A student of the class with the given result, recorded by the class's professor. */
  async function withResult(name: string, outcome: "completed" | "not_completed", finalGrade: string | null) {
    const s = await enrolledStudent(ctx, setup.cls, name);
    const res = await postResults(ctx, setup.professor.cookie, setup.cls.id, [
      { enrollmentId: s.enrollment.id, outcome, finalGrade },
    ]);
    expect(res.status).toBe(200);
    return s.enrollment.id;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    secretaria = await staffActor(ctx, "secretaria", "Sónia Secretária");
    // The class ended ten days ago: a completion is dated at its end.
    setup = await teachingSetup(ctx, { startedDaysAgo: 70, lastsDays: 60 });
  });
  afterAll(() => ctx.close());

  it("corrects 'Concluído 9,5' to 'Não concluído' after the revocation: status, grade, History with the reason, no certificate", async () => {
    const id = await withResult("Ana Engano", "completed", "9,5");
    const [cert] = await certificatesOf(id);

    // While the certificate is valid: refused, nothing changed.
    const early = await correct(id, { outcome: "not_completed", finalGrade: "9,5", reason: "Reprovou" });
    expect(early.status).toBe(409);
    expect((await body(early)).error.message).toBe(
      "Este aluno tem um certificado válido: revogue-o antes de corrigir o resultado.",
    );
    expect((await enrollmentOf(id)).status).toBe("completed");

    expect((await revoke(cert!.id)).status).toBe(200);
    const res = await correct(id, {
      outcome: "not_completed",
      finalGrade: "9,5",
      reason: "  Reprovou: nota abaixo de 10  ",
    });
    expect(res.status).toBe(200);
    const detail = await body(res);
    expect(detail.students.find((s: { enrollmentId: string }) => s.enrollmentId === id)).toMatchObject({
      status: "not_completed",
      finalGrade: 9.5,
      certificate: { id: cert!.id, revokedReason: "Nota registada por engano" },
    });
    const row = await enrollmentOf(id);
    expect(row).toMatchObject({ status: "not_completed", finalGrade: 9.5 });
    expect(await certificatesOf(id)).toHaveLength(1);
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      kind: null,
      fromStatus: "completed",
      toStatus: "not_completed",
      note: "Resultado corrigido: Concluído, nota 9,5 → Não concluído, nota 9,5. Motivo: Reprovou: nota abaixo de 10",
    });
  });

  it("corrects 'Não concluído' to 'Concluído': a new certificate, dated at the class's end, in the same History line", async () => {
    const id = await withResult("Bento Corrigido", "not_completed", "8");
    const res = await correct(id, { outcome: "completed", finalGrade: "12,5", reason: "Nota da prova de recurso" });
    expect(res.status).toBe(200);
    const [cert] = await certificatesOf(id);
    expect(cert).toMatchObject({
      revokedAt: null,
      completionDate: setup.cls.endDate,
      issueDate: todayInLuanda(),
      studentName: "Bento Corrigido",
    });
    expect(cert!.fileId).not.toBeNull();
    const number = (await body(res)).students.find((s: { enrollmentId: string }) => s.enrollmentId === id).certificate
      .number;
    expect((await enrollmentOf(id)).status).toBe("completed");
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      fromStatus: "not_completed",
      toStatus: "completed",
      note: `Resultado corrigido: Não concluído, nota 8 → Concluído, nota 12,5. Motivo: Nota da prova de recurso. Certificado ${number} emitido`,
    });
    expect((await body(await ctx.app.request(`/api/verify/${number}`))).result).toBe("valid");
  });

  it("keeps the first completion date when a revoked 'Concluído' is corrected to another grade", async () => {
    const id = await withResult("Carla Nota", "completed", "11");
    const [first] = await certificatesOf(id);
    await revoke(first!.id, "Nota errada");
    const res = await correct(id, { outcome: "completed", finalGrade: "15", reason: "Nota lançada com erro" });
    expect(res.status).toBe(200);
    const all = await certificatesOf(id);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ revokedAt: null, completionDate: first!.completionDate });
    expect((await enrollmentOf(id)).finalGrade).toBe(15);
  });

  it("refuses with Portuguese messages and changes nothing: no reason, the same result, no result yet, a bad grade", async () => {
    const id = await withResult("Dário Recusas", "not_completed", "7");
    const before = await eventsOf(id);
    const noReason = await correct(id, { outcome: "completed", finalGrade: "12" });
    expect(noReason.status).toBe(400);
    expect((await body(noReason)).error.message).toBe("Indique o motivo da correção");
    const blank = await correct(id, { outcome: "completed", finalGrade: "12", reason: "   " });
    expect((await body(blank)).error.message).toBe("Indique o motivo da correção");
    const badGrade = await correct(id, { outcome: "completed", finalGrade: "21", reason: "x" });
    expect(badGrade.status).toBe(400);
    expect((await body(badGrade)).error.message).toBe("A nota vai de 0 a 20");
    const same = await correct(id, { outcome: "not_completed", finalGrade: "7,0", reason: "Nada" });
    expect(same.status).toBe(409);
    expect((await body(same)).error.message).toBe(
      "O resultado e a nota indicados são os que já estão registrados: não há nada a corrigir.",
    );
    const enrolled = await enrolledStudent(ctx, setup.cls, "Eva Matriculada");
    const noResult = await correct(enrolled.enrollment.id, { outcome: "completed", finalGrade: "", reason: "x" });
    expect(noResult.status).toBe(409);
    expect((await body(noResult)).error.message).toBe(
      "Não é possível corrigir o resultado: a inscrição está «Matriculado».",
    );
    const missing = await correct("00000000-0000-4000-8000-000000000000", {
      outcome: "completed",
      finalGrade: "",
      reason: "x",
    });
    expect(missing.status).toBe(404);
    expect(await eventsOf(id)).toEqual(before);
    expect(await enrollmentOf(id)).toMatchObject({ status: "not_completed", finalGrade: 7 });
    expect(await certificatesOf(id)).toEqual([]);
  });

  it("lets only the roles that revoke correct (the professor and finance get 403)", async () => {
    const id = await withResult("Fábio Permissões", "not_completed", null);
    const payload = { outcome: "completed", finalGrade: "14", reason: "Engano" };
    const byProfessor = await correct(id, payload, setup.professor.cookie);
    expect(byProfessor.status).toBe(403);
    expect((await body(byProfessor)).error.message).toBe(
      "Só Super Administrador, Administrador e Secretaria podem corrigir resultados",
    );
    const financeiro = await staffActor(ctx, "financeiro");
    expect((await correct(id, payload, financeiro.cookie)).status).toBe(403);
    expect((await enrollmentOf(id)).status).toBe("not_completed");
    const admin = await staffActor(ctx, "admin");
    expect((await correct(id, payload, admin.cookie)).status).toBe(200);
  });

  it("gives one effect for a double click: [200, 409], one valid certificate", async () => {
    const id = await withResult("Gina Duplo", "not_completed", "9");
    const payload = { outcome: "completed", finalGrade: "10", reason: "Recurso aceite" };
    const responses = await Promise.all([correct(id, payload), correct(id, payload)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await certificatesOf(id)).toHaveLength(1);
    expect((await eventsOf(id)).filter((e) => e.note?.startsWith("Resultado corrigido"))).toHaveLength(1);
  });
});

describe("the pass mark", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("is 10 by default; a super_admin changes it ('9,5'); the teaching screen's answer carries it; others may not change it", async () => {
    const setup = await teachingSetup(ctx);
    const boss = await staffActor(ctx, "super_admin");
    const admin = await staffActor(ctx, "admin");
    const get = (cookie: string) =>
      ctx.app.request("/api/admin/settings/pass-mark", jsonRequest("GET", undefined, cookie));
    const put = (payload: unknown, cookie = boss.cookie) =>
      ctx.app.request("/api/admin/settings/pass-mark", jsonRequest("PUT", payload, cookie));
    const teachingDetail = async () =>
      body(
        await ctx.app.request(
          `/api/admin/teaching/classes/${setup.cls.id}/students`,
          jsonRequest("GET", undefined, setup.professor.cookie),
        ),
      );

    expect(await body(await get(setup.professor.cookie))).toEqual({ passMark: 10 });
    expect((await teachingDetail()).issuing.passMark).toBe(10);

    const saved = await put({ passMark: "9,5" });
    expect(saved.status).toBe(200);
    expect(await body(saved)).toEqual({ passMark: 9.5 });
    expect(await body(await get(admin.cookie))).toEqual({ passMark: 9.5 });
    expect((await teachingDetail()).issuing.passMark).toBe(9.5);

    const refused = await put({ passMark: 12 }, admin.cookie);
    expect(refused.status).toBe(403);
    expect((await body(refused)).error.message).toBe("Só o Super Administrador pode alterar as configurações");
    expect((await body(await put({ passMark: "21" }))).error.message).toBe("A nota vai de 0 a 20");
    expect((await body(await put({ passMark: "" }))).error.message).toBe("Indique a nota mínima de aprovação (0 a 20)");
    expect((await body(await put({}))).error.message).toBe("Indique a nota mínima de aprovação (0 a 20)");
    expect(await body(await get(boss.cookie))).toEqual({ passMark: 9.5 });
    // The institute's other details are untouched by it.
    const institute = await body(
      await ctx.app.request("/api/admin/settings/institute", jsonRequest("GET", undefined, boss.cookie)),
    );
    expect(institute.name).toBe("Instituto Superior de Formação");
  });
});
