import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor, studentActor } from "../../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../../test/context";
import {
  ENROLLMENT_DOCUMENT_FILES,
  enrollmentForm,
  enrollmentFormFields,
  type FormFile,
  filesUnder,
  PDF,
} from "../../../../test/fixtures";
import { courses, enrollmentEvents, enrollments, storedFiles } from "../../../db/schema";

/** Issue 14: a student who already has an enrolment applies for another course with the same account. */
describe("the returning student's 'Nova inscrição'", () => {
  let ctx: TestContext;
  let secretaria: string;
  let courseA: string;
  let courseB: string;
  let courseC: string;
  const filesOnDisk = () => filesUnder(path.join(ctx.dataDir, "files"));

  const fields = enrollmentFormFields;

  /** The returning form sends only the documents the student replaces. */
  const form = (values: Record<string, string>, files: Record<string, FormFile> = {}) => enrollmentForm(values, files);
  const allFiles = ENROLLMENT_DOCUMENT_FILES;

  const post = (url: string, cookie: string, fd: FormData) =>
    ctx.app.request(url, { method: "POST", body: fd, headers: { cookie, origin: TEST_BASE_URL } });
  const start = async (cookie: string) =>
    body(await ctx.app.request("/api/me/enrollments/new-application", { headers: { cookie } }));
  const applyAgain = (cookie: string, fd: FormData) => post("/api/me/enrollments/new-application", cookie, fd);

  /** A student whose first enrolment (course A, with three documents) is in `status`. */
  async function returningStudent(name: string, status: "enrolled" | "rejected" | "pre_inscrito" = "enrolled") {
    const s = await studentActor(ctx, name);
    const first = await post("/api/me/enrollments", s.cookie, form(fields(courseA), allFiles));
    expect(first.status).toBe(201);
    const { id } = await body(first);
    await ctx.db.update(enrollments).set({ status }).where(eq(enrollments.id, id));
    const [row] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, id));
    return { ...s, first: row! };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    secretaria = (await staffActor(ctx, "secretaria")).cookie;
    const rows = await ctx.db
      .insert(courses)
      .values([
        { name: "Curso A", durationMonths: 3, price: 100000 },
        { name: "Curso B", durationMonths: 2, price: 80000 },
        { name: "Curso C", durationMonths: 1, price: 50000 },
      ])
      .returning({ id: courses.id });
    [courseA, courseB, courseC] = rows.map((r) => r.id) as [string, string, string];
  });
  afterAll(() => ctx.close());

  it("starts from the latest enrolment's data and documents, and names the courses the account holds", async () => {
    const s = await returningStudent("Volta Joana");
    const started = await start(s.cookie);
    expect(started.personal).toMatchObject({
      birthDate: "2001-05-14",
      motherName: "Ana Maria Lunda",
      fatherName: null,
      province: "Luanda",
      qualification: "medio",
      schedulePreference: "noite",
    });
    expect(started.documentsOnFile).toEqual([
      { field: "idCardFront", fileId: s.first.idCardFrontFileId, contentType: "image/png" },
      { field: "idCardBack", fileId: s.first.idCardBackFileId, contentType: "image/png" },
      { field: "certificate", fileId: s.first.certificateFileId, contentType: "application/pdf" },
    ]);
    expect(started.heldCourseIds).toEqual([courseA]);
  });

  it("keeps the documents on file (the same files, still readable by the student and staff) and appears in 'Inscrições' as pre_inscrito", async () => {
    const s = await returningStudent("Volta Pedro");
    const before = filesOnDisk().length;
    const res = await applyAgain(
      s.cookie,
      form(fields(courseB, { neighborhood: "Kilamba", schedulePreference: "manha" })),
    );
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created.status).toBe("pre_inscrito");
    expect(filesOnDisk()).toHaveLength(before);

    const [row] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, created.id));
    expect(row).toMatchObject({
      courseId: courseB,
      studentAccountId: s.first.studentAccountId,
      studentName: "Volta Pedro",
      neighborhood: "Kilamba",
      schedulePreference: "manha",
      idCardFrontFileId: s.first.idCardFrontFileId,
      idCardBackFileId: s.first.idCardBackFileId,
      certificateFileId: s.first.certificateFileId,
    });
    const events = await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, created.id));
    expect(events.map((e) => e.note)).toEqual([
      "Nova inscrição enviada pelo aluno (3 documentos mantidos da inscrição anterior)",
    ]);

    const staffList = await body(
      await ctx.app.request("/api/admin/enrollments?pageSize=100", jsonRequest("GET", undefined, secretaria)),
    );
    expect(staffList.rows.find((e: { id: string }) => e.id === created.id)).toMatchObject({
      courseName: "Curso B",
      status: "pre_inscrito",
    });
    for (const cookie of [s.cookie, secretaria]) {
      const file = await ctx.app.request(`/api/files/${row!.certificateFileId}`, { headers: { cookie } });
      expect(file.status).toBe(200);
    }
    const mine = await body(await ctx.app.request("/api/me/enrollments", { headers: { cookie: s.cookie } }));
    expect(mine.map((e: { courseName: string }) => e.courseName).sort()).toEqual(["Curso A", "Curso B"]);
  });

  it("replaces only the documents picked again; deleting either enrolment leaves the other's documents readable", async () => {
    const s = await returningStudent("Volta Rosa");
    const res = await applyAgain(
      s.cookie,
      form(fields(courseC), { certificate: [PDF, "novo-certificado.pdf", "application/pdf"] }),
    );
    expect(res.status).toBe(201);
    const { id } = await body(res);
    const [second] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(second!.idCardFrontFileId).toBe(s.first.idCardFrontFileId);
    expect(second!.certificateFileId).not.toBe(s.first.certificateFileId);

    // The first enrolment goes: the files the second one kept stay, its own certificate goes.
    const del = await ctx.app.request(
      `/api/admin/enrollments/${s.first.id}`,
      jsonRequest("DELETE", undefined, secretaria),
    );
    expect(del.status).toBe(204);
    const left = await ctx.db.select({ id: storedFiles.id }).from(storedFiles);
    const ids = left.map((f) => f.id);
    expect(ids).toContain(s.first.idCardFrontFileId);
    expect(ids).toContain(s.first.idCardBackFileId);
    expect(ids).not.toContain(s.first.certificateFileId);
    const front = await ctx.app.request(`/api/files/${second!.idCardFrontFileId}`, { headers: { cookie: s.cookie } });
    expect(front.status).toBe(200);
  });

  it("refuses a course the account holds (open application or in progress); a rejected one may be applied for again", async () => {
    const enrolled = await returningStudent("Volta Bento");
    const same = await applyAgain(enrolled.cookie, form(fields(courseA)));
    expect(same.status).toBe(409);
    expect((await body(same)).error).toMatchObject({
      message: "Já tem uma inscrição em aberto neste curso",
      issues: [{ path: "courseId", message: "Já tem uma inscrição em aberto neste curso" }],
    });

    const pending = await applyAgain(enrolled.cookie, form(fields(courseB)));
    expect(pending.status).toBe(201);
    expect((await applyAgain(enrolled.cookie, form(fields(courseB)))).status).toBe(409);

    const rejected = await returningStudent("Volta Carla", "rejected");
    expect((await applyAgain(rejected.cookie, form(fields(courseA)))).status).toBe(201);
  });

  it("submits for the same course at once (a double tap, two phones) give one enrolment, the others 409", async () => {
    const s = await returningStudent("Volta Duplo");
    const answers = await Promise.all(Array.from({ length: 20 }, () => applyAgain(s.cookie, form(fields(courseB)))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const rows = await ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.studentAccountId, s.first.studentAccountId!));
    expect(rows.filter((r) => r.courseId === courseB)).toHaveLength(1);
  });

  it("refuses bad fields and bad files like the first form, and writes nothing", async () => {
    const s = await returningStudent("Volta Erro");
    const before = filesOnDisk().length;
    const bad = await applyAgain(s.cookie, form(fields(courseB, { motherName: "Ana" })));
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.issues).toContainEqual({
      path: "motherName",
      message: "Nome da mãe deve ter no mínimo 2 nomes",
    });
    const html = await applyAgain(
      s.cookie,
      form(fields(courseB), { idCardBack: [Buffer.from("<html></html>"), "x.png", "image/png"] }),
    );
    expect(html.status).toBe(415);
    expect(filesOnDisk()).toHaveLength(before);
    const rows = await ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.studentAccountId, s.first.studentAccountId!));
    expect(rows).toHaveLength(1);
  });

  it("staff cannot use the student's routes", async () => {
    expect(
      (await ctx.app.request("/api/me/enrollments/new-application", { headers: { cookie: secretaria } })).status,
    ).toBe(403);
    expect((await applyAgain(secretaria, form(fields(courseB)))).status).toBe(403);
  });
});
