import path from "node:path";
import { addDays } from "@app/shared/calendar-date";
import { todayInLuanda } from "@app/shared/dates";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { filesUnder } from "../../../test/fixtures";
import { mailSent, queuedMails } from "../../../test/mail";
import { enrolledStudent, postResults, teachingSetup } from "../../../test/teaching";
import { createApp } from "../../app";
import { certificates, enrollmentEvents, enrollments, storedFiles, teachers } from "../../db/schema";
import { createDiskStorage } from "../../storage/disk";

/** 'As minhas turmas' (issue 15): who grades which class, and what a result does. */
describe("teaching: results and certificate issuing", () => {
  let ctx: TestContext;
  let admin: { cookie: string };
  const filesOnDisk = () => filesUnder(path.join(ctx.dataDir, "files"));
  const statusOf = async (id: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!.status;
  const certificatesOf = (enrollmentId: string) =>
    ctx.db.select().from(certificates).where(eq(certificates.enrollmentId, enrollmentId));

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await staffActor(ctx, "admin", "Ana Admin");
  });
  afterAll(() => ctx.close());

  it("shows a professor only their own classes, and staff every class", async () => {
    const mine = await teachingSetup(ctx);
    const other = await teachingSetup(ctx);
    await enrolledStudent(ctx, mine.cls, "Beatriz Lopes");
    const asProfessor = await ctx.app.request(
      "/api/admin/teaching/classes",
      jsonRequest("GET", undefined, mine.professor.cookie),
    );
    expect(asProfessor.status).toBe(200);
    const list = await body(asProfessor);
    expect(list.map((c: { id: string }) => c.id)).toEqual([mine.cls.id]);
    expect(list[0]).toMatchObject({
      name: mine.cls.name,
      courseName: "Gestão de Recursos Humanos",
      teacherName: "Paulo Professor",
      enrolledCount: 1,
      decidedCount: 0,
    });
    const asAdmin = await body(
      await ctx.app.request("/api/admin/teaching/classes", jsonRequest("GET", undefined, admin.cookie)),
    );
    expect(asAdmin.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([mine.cls.id, other.cls.id]));
  });

  it("refuses a professor another teacher's class (403), to read it or to grade it, and changes nothing", async () => {
    const mine = await teachingSetup(ctx);
    const other = await teachingSetup(ctx);
    const s = await enrolledStudent(ctx, other.cls, "Carlos Mendes");
    const read = await ctx.app.request(
      `/api/admin/teaching/classes/${other.cls.id}/students`,
      jsonRequest("GET", undefined, mine.professor.cookie),
    );
    expect(read.status).toBe(403);
    expect((await body(read)).error.message).toBe("Só pode ver e registrar resultados das turmas que leciona");
    const res = await postResults(ctx, mine.professor.cookie, other.cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed" },
    ]);
    expect(res.status).toBe(403);
    expect(await statusOf(s.enrollment.id)).toBe("enrolled");
    expect(await certificatesOf(s.enrollment.id)).toEqual([]);
    // Their own teacher may.
    const own = await postResults(ctx, other.professor.cookie, other.cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed" },
    ]);
    expect(own.status).toBe(200);
  });

  it("completes a student with a grade typed as '14,5': status, grade, certificate, PDF file and History", async () => {
    const { cls, professor } = await teachingSetup(ctx);
    const s = await enrolledStudent(ctx, cls, "Dália Gonçalves", { studentEmail: "dalia@example.ao" });
    const res = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed", finalGrade: "14,5" },
    ]);
    expect(res.status).toBe(200);
    const detail = await body(res);
    expect(detail.class).toMatchObject({ id: cls.id, enrolledCount: 1, decidedCount: 1 });
    const [student] = detail.students;
    expect(student).toMatchObject({ studentName: "Dália Gonçalves", status: "completed", finalGrade: 14.5 });
    expect(student.certificate.number).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(student.certificate).toMatchObject({ issueDate: todayInLuanda(), fileReady: true, revokedAt: null });
    // The class is still running: completed today.
    expect(student.certificate.completionDate).toBe(todayInLuanda());

    const [cert] = await certificatesOf(s.enrollment.id);
    expect(cert).toMatchObject({
      studentName: "Dália Gonçalves",
      courseName: "Gestão de Recursos Humanos",
      workloadHours: 40,
      durationMonths: 3,
    });
    const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, cert!.fileId!));
    expect(file).toMatchObject({
      kind: "certificate_pdf",
      contentType: "application/pdf",
      ownerUserId: s.account.userId,
    });
    const events = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, s.enrollment.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromStatus: "enrolled", toStatus: "completed", kind: null });
    expect(events[0]!.note).toBe(`Resultado: Concluído, nota 14,5. Certificado ${student.certificate.number} emitido`);
  });

  it("records 'Não concluído' without a certificate, and dates a completion after the class ended at its end date", async () => {
    const { cls, professor } = await teachingSetup(ctx, { startedDaysAgo: 90, lastsDays: 60 });
    const a = await enrolledStudent(ctx, cls, "Eduardo Silva");
    const b = await enrolledStudent(ctx, cls, "Fátima Neto");
    const res = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: a.enrollment.id, outcome: "not_completed", finalGrade: 8 },
      { enrollmentId: b.enrollment.id, outcome: "completed" },
    ]);
    expect(res.status).toBe(200);
    const { students } = await body(res);
    const byName = Object.fromEntries(students.map((s: { studentName: string }) => [s.studentName, s]));
    expect(byName["Eduardo Silva"]).toMatchObject({ status: "not_completed", finalGrade: 8, certificate: null });
    expect(byName["Fátima Neto"]).toMatchObject({ status: "completed", finalGrade: null });
    expect(byName["Fátima Neto"].certificate.completionDate).toBe(cls.endDate);
    expect(byName["Fátima Neto"].certificate.issueDate).toBe(todayInLuanda());
  });

  it("refuses results before the class starts (409), and bad grades (400), changing nothing", async () => {
    const { cls, professor } = await teachingSetup(ctx, { startedDaysAgo: -10 });
    const s = await enrolledStudent(ctx, cls, "Gil Tavares");
    const early = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed" },
    ]);
    expect(early.status).toBe(409);
    const start = addDays(todayInLuanda(), 10).split("-").reverse().join("/");
    expect((await body(early)).error.message).toBe(
      `A turma só começa em ${start}: os resultados podem ser registrados a partir dessa data.`,
    );
    const bad = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed", finalGrade: "20,5" },
    ]);
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.message).toBe("A nota vai de 0 a 20");
    const twice = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed" },
      { enrollmentId: s.enrollment.id, outcome: "not_completed" },
    ]);
    expect(twice.status).toBe(400);
    expect((await body(twice)).error.message).toBe("Cada aluno só pode aparecer uma vez");
    expect(await statusOf(s.enrollment.id)).toBe("enrolled");
  });

  it("'Concluir todos' is all or nothing: one student no longer enrolled refuses the whole batch (409)", async () => {
    const { cls, professor } = await teachingSetup(ctx);
    const a = await enrolledStudent(ctx, cls, "Helena Costa");
    const b = await enrolledStudent(ctx, cls, "Ivo Pereira", { status: "not_completed" });
    const before = filesOnDisk().length;
    const res = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: a.enrollment.id, outcome: "completed" },
      { enrollmentId: b.enrollment.id, outcome: "completed" },
    ]);
    expect(res.status).toBe(409);
    expect((await body(res)).error.message).toBe(
      "Não é possível registrar o resultado de «Ivo Pereira»: a inscrição está «Não concluído». Nenhum resultado foi registrado.",
    );
    expect(await statusOf(a.enrollment.id)).toBe("enrolled");
    expect(await certificatesOf(a.enrollment.id)).toEqual([]);
    expect(filesOnDisk()).toHaveLength(before);
  });

  it("refuses a student of another class (409) without naming them to this class's teacher", async () => {
    const { cls, professor } = await teachingSetup(ctx);
    const elsewhere = await teachingSetup(ctx);
    const s = await enrolledStudent(ctx, elsewhere.cls, "Joana Reis");
    const res = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed" },
    ]);
    expect(res.status).toBe(409);
    const { error } = await body(res);
    expect(error.message).toBe("Um dos alunos indicados não pertence a esta turma. Nenhum resultado foi registrado.");
    expect(error.message).not.toContain("Joana");
    expect(await statusOf(s.enrollment.id)).toBe("enrolled");
  });

  it("issues distinct numbers under concurrent issuing: 20 parallel completions → 20 certificates, one each", async () => {
    const { cls, professor } = await teachingSetup(ctx);
    const students = await Promise.all(
      Array.from({ length: 20 }, (_, i) => enrolledStudent(ctx, cls, `Aluno Paralelo ${i + 1}`)),
    );
    const responses = await Promise.all(
      students.map((s) =>
        postResults(ctx, professor.cookie, cls.id, [{ enrollmentId: s.enrollment.id, outcome: "completed" }]),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await ctx.db
      .select()
      .from(certificates)
      .where(
        inArray(
          certificates.enrollmentId,
          students.map((s) => s.enrollment.id),
        ),
      );
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.certificateNumber)).size).toBe(20);
    expect(new Set(rows.map((r) => r.enrollmentId)).size).toBe(20);
  });

  it("gives one certificate when two staff complete the same student at once ([200, 409])", async () => {
    const { cls, professor } = await teachingSetup(ctx);
    const s = await enrolledStudent(ctx, cls, "Luís Fernandes");
    const results = [{ enrollmentId: s.enrollment.id, outcome: "completed" as const }];
    const responses = await Promise.all([
      postResults(ctx, professor.cookie, cls.id, results),
      postResults(ctx, admin.cookie, cls.id, results),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await certificatesOf(s.enrollment.id)).toHaveLength(1);
    const events = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, s.enrollment.id));
    expect(events).toHaveLength(1);
  });

  it("leaves nothing when the PDF cannot be stored: no certificate, no file, students still enrolled", async () => {
    const { cls, professor } = await teachingSetup(ctx);
    const a = await enrolledStudent(ctx, cls, "Marta Sousa");
    const b = await enrolledStudent(ctx, cls, "Nuno Dias");
    const before = filesOnDisk().length;
    const disk = createDiskStorage(path.join(ctx.dataDir, "files"));
    let puts = 0;
    // The first PDF is written, the second fails: the first must be removed again.
    const failing = {
      ...disk,
      put: async (key: string, data: Buffer, type: string) => {
        if (++puts === 2) throw new Error("disk full");
        return disk.put(key, data, type);
      },
    };
    const res = await postResults(
      ctx,
      professor.cookie,
      cls.id,
      [
        { enrollmentId: a.enrollment.id, outcome: "completed" },
        { enrollmentId: b.enrollment.id, outcome: "completed" },
      ],
      createApp({ ...ctx.deps, storage: failing }),
    );
    expect(res.status).toBe(500);
    expect(puts).toBe(2);
    expect(filesOnDisk()).toHaveLength(before);
    expect([...(await certificatesOf(a.enrollment.id)), ...(await certificatesOf(b.enrollment.id))]).toEqual([]);
    expect(await statusOf(a.enrollment.id)).toBe("enrolled");
    expect(await statusOf(b.enrollment.id)).toBe("enrolled");
  });

  it("e-mails each completed student who gave an e-mail, with their number and the verification address", async () => {
    const { cls, professor } = await teachingSetup(ctx);
    const olga = await enrolledStudent(ctx, cls, "Olga Martins", { studentEmail: "olga@example.ao" });
    const paulo = await enrolledStudent(ctx, cls, "Paulo Martins", { studentEmail: "paulo@example.ao" });
    const queued = await queuedMails(ctx);
    const res = await postResults(ctx, professor.cookie, cls.id, [
      { enrollmentId: olga.enrollment.id, outcome: "completed" },
      { enrollmentId: paulo.enrollment.id, outcome: "completed" },
    ]);
    // One e-mail per student, each a job of its own (issue 23: a class no longer waits for them in turn).
    expect(await queuedMails(ctx)).toBe(queued + 2);
    const numbers = Object.fromEntries(
      (await body(res)).students.map((st: { studentName: string; certificate: { number: string } }) => [
        st.studentName,
        st.certificate.number,
      ]),
    );
    await mailSent(ctx);
    const { readFileSync } = await import("node:fs");
    const mails = filesUnder(path.join(ctx.dataDir, "outbox")).map((f) => readFileSync(f, "utf8"));
    for (const [email, name] of [
      ["olga@example.ao", "Olga Martins"],
      ["paulo@example.ao", "Paulo Martins"],
    ]) {
      const mail = mails.filter((m) => m.includes(`To: ${email}`));
      expect(mail).toHaveLength(1);
      expect(mail[0]).toContain("Certificado emitido");
      expect(mail[0]).toContain(numbers[name!]);
    }
  });
});

/** The teacher form's 'Usuário (acesso)' (decision 021). */
describe("teachers linked to staff users", () => {
  let ctx: TestContext;
  let admin: { cookie: string };
  const teacherInput = (userId: string | null) => ({
    teacherName: "Quitéria Professora",
    specialization: "Línguas",
    qualification: "Licenciatura",
    yearsOfExperience: 4,
    userId,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await staffActor(ctx, "admin");
  });
  afterAll(() => ctx.close());

  it("links a professor user to one teacher only (409 for a second), offers professor users, refuses other roles", async () => {
    const prof = await staffActor(ctx, "professor", "Rui Professor");
    const fin = await staffActor(ctx, "financeiro", "Sara Finanças");
    const first = await ctx.app.request(
      "/api/admin/teachers",
      jsonRequest("POST", teacherInput(prof.userId), admin.cookie),
    );
    expect(first.status).toBe(201);
    const created = await body(first);
    expect(created).toMatchObject({ userId: prof.userId, userName: "Rui Professor" });

    const second = await ctx.app.request(
      "/api/admin/teachers",
      jsonRequest("POST", teacherInput(prof.userId), admin.cookie),
    );
    expect(second.status).toBe(409);
    expect(await body(second)).toMatchObject({
      error: {
        message: "Este usuário já está vinculado a outro professor",
        issues: [{ path: "userId", message: "Este usuário já está vinculado a outro professor" }],
      },
    });
    const notProfessor = await ctx.app.request(
      "/api/admin/teachers",
      jsonRequest("POST", teacherInput(fin.userId), admin.cookie),
    );
    expect(notProfessor.status).toBe(400);
    expect((await body(notProfessor)).error.message).toBe("Escolha um usuário com o perfil Professor");

    const options = await body(
      await ctx.app.request("/api/admin/teachers/user-options", jsonRequest("GET", undefined, admin.cookie)),
    );
    expect(options).toEqual([
      expect.objectContaining({ id: prof.userId, name: "Rui Professor", teacherName: "Quitéria Professora" }),
    ]);

    // Unlinking on edit frees the user.
    const teacherId = created.id;
    const cleared = await ctx.app.request(
      `/api/admin/teachers/${teacherId}`,
      jsonRequest("PUT", teacherInput(null), admin.cookie),
    );
    expect(cleared.status).toBe(200);
    expect((await ctx.db.select().from(teachers).where(eq(teachers.id, teacherId)))[0]!.userId).toBeNull();
  });

  it("two staff linking the same user at once: one link, one 409", async () => {
    const prof = await staffActor(ctx, "professor", "Tiago Professor");
    const responses = await Promise.all([
      ctx.app.request("/api/admin/teachers", jsonRequest("POST", teacherInput(prof.userId), admin.cookie)),
      ctx.app.request("/api/admin/teachers", jsonRequest("POST", teacherInput(prof.userId), admin.cookie)),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await ctx.db.select().from(teachers).where(eq(teachers.userId, prof.userId))).toHaveLength(1);
  });
});
