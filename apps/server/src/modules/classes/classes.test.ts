import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor, studentActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { enrollmentRow, filesUnder, HTML, insertCourse, PDF, PNG } from "../../../test/fixtures";
import { classes, enrollments, storedFiles, teachers } from "../../db/schema";

describe("class management (staff)", () => {
  let ctx: TestContext;
  let cookie: string;
  let courseId: string;
  let teacherId: string;
  const valid = () => ({
    name: "Turma Noite",
    courseId,
    teacherId,
    classType: "presencial",
    location: "Sala 2",
    enrollmentStartDate: "2025-01-01",
    enrollmentEndDate: "2025-01-20",
    startDate: "2025-02-01",
    endDate: "2025-05-01",
    schedule: "Seg-Qua 18h-21h",
  });
  const send = (method: string, path: string, payload?: unknown) =>
    ctx.app.request(path, jsonRequest(method, payload, cookie));

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await staffActor(ctx, "secretaria"));
    courseId = await insertCourse(ctx.db, { name: "Web", durationMonths: 4, price: 150000 });
    [{ id: teacherId }] = (await ctx.db
      .insert(teachers)
      .values({ teacherName: "Ana Domingos", specialization: "Web", qualification: "Mestrado", yearsOfExperience: 9 })
      .returning({ id: teachers.id })) as [{ id: string }];
  });
  afterAll(() => ctx.close());

  it("creates a class (30 seats by default) listed with its course and teacher names, edits and deletes it", async () => {
    const created = await send("POST", "/api/admin/classes", valid());
    expect(created.status).toBe(201);
    const cls = await body(created);
    expect(cls).toMatchObject({
      maxStudents: 30,
      currentStudents: 0,
      status: "active",
      courseName: "Web",
      teacherName: "Ana Domingos",
    });
    const list = await body(await send("GET", "/api/admin/classes"));
    expect(list.map((c: { id: string }) => c.id)).toContain(cls.id);
    expect(
      await body(await send("PUT", `/api/admin/classes/${cls.id}`, { ...valid(), teacherId: null, maxStudents: 12 })),
    ).toMatchObject({
      teacherName: null,
      maxStudents: 12,
    });
    expect((await send("DELETE", `/api/admin/classes/${cls.id}`)).status).toBe(204);
  });

  it("enforces the three date rules and the other class-form rules with the SPEC's messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { enrollmentEndDate: "2024-12-31" },
        "enrollmentEndDate",
        "A data de fim das inscrições deve ser posterior à data de início",
      ],
      [
        { enrollmentEndDate: "2025-02-02" },
        "enrollmentEndDate",
        "As inscrições devem encerrar antes do início do curso",
      ],
      [{ endDate: "2025-01-31" }, "endDate", "A data de término do curso deve ser posterior à data de início"],
      [{ maxStudents: 0 }, "maxStudents", "O número máximo de alunos deve ser pelo menos 1"],
      [{ name: "" }, "name", "Nome é obrigatório"],
      [{ schedule: "" }, "schedule", "Horário é obrigatório"],
      [{ classType: "x" }, "classType", "Selecione o tipo"],
      [{ courseId: "00000000-0000-4000-8000-000000000000" }, "courseId", "Selecione o curso"],
    ];
    for (const [override, path, message] of cases) {
      const res = await send("POST", "/api/admin/classes", { ...valid(), ...override });
      expect(res.status, message).toBe(400);
      expect((await body(res)).error.issues).toContainEqual({ path, message });
    }
  });

  it("answers 400 'Data inválida' (not 500, not 'obrigatória') for an impossible date, and keeps dates within 5 years", async () => {
    const cls = await body(await send("POST", "/api/admin/classes", valid()));
    const before = (await ctx.db.select().from(classes)).length;
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ endDate: "2027-02-30" }, "endDate", "Data inválida"],
      [{ startDate: "2027-13-45" }, "startDate", "Data inválida"],
      [{ enrollmentStartDate: "2025-1-5" }, "enrollmentStartDate", "Data inválida"],
      [{ enrollmentStartDate: "0001-01-01" }, "enrollmentStartDate", /^A data deve estar entre \d\d\/\d\d\/\d{4} e /],
      [{ endDate: "2099-05-01" }, "endDate", /^A data deve estar entre /],
    ];
    for (const [override, path, message] of cases) {
      for (const [method, url] of [
        ["POST", "/api/admin/classes"],
        ["PUT", `/api/admin/classes/${cls.id}`],
      ] as const) {
        const res = await send(method, url, { ...valid(), ...override });
        expect(res.status, `${method} ${JSON.stringify(override)}`).toBe(400);
        const issues: { path: string; message: string }[] = (await body(res)).error.issues;
        expect(issues).toContainEqual({ path, message: expect.stringMatching(message) });
      }
    }
    expect(await ctx.db.select().from(classes)).toHaveLength(before);
    const [stored] = await ctx.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(stored).toMatchObject({ startDate: "2025-02-01", endDate: "2025-05-01" });
  });

  it("keeps max_students at or above the enrolled students, and refuses to delete a class with enrolments", async () => {
    const cls = await body(await send("POST", "/api/admin/classes", valid()));
    await ctx.db.update(classes).set({ currentStudents: 5 }).where(eq(classes.id, cls.id));
    const shrink = await send("PUT", `/api/admin/classes/${cls.id}`, { ...valid(), maxStudents: 4 });
    expect(shrink.status).toBe(400);
    expect((await body(shrink)).error.issues).toContainEqual({
      path: "maxStudents",
      message: "O número máximo de alunos não pode ser inferior aos 5 já matriculados",
    });
    await ctx.db.insert(enrollments).values(enrollmentRow(courseId, { classId: cls.id, status: "enrolled" }));
    const del = await send("DELETE", `/api/admin/classes/${cls.id}`);
    expect(del.status).toBe(409);
    expect((await body(del)).error.message).toBe("Não é possível excluir esta turma: existem inscrições associadas.");
  });

  describe("curriculum PDF", () => {
    const filesOnDisk = () => filesUnder(path.join(ctx.dataDir, "files"));
    const upload = (classId: string, file: Buffer, name = "curriculo.pdf", type = "application/pdf", who = cookie) => {
      const fd = new FormData();
      fd.append("file", new File([file], name, { type }));
      return ctx.app.request(`/api/admin/classes/${classId}/curriculum`, {
        method: "PUT",
        body: fd,
        headers: { cookie: who, origin: TEST_BASE_URL },
      });
    };

    it("stores a PDF privately, replaces it without leaving the old one behind, and deletes it with the class", async () => {
      const cls = await body(await send("POST", "/api/admin/classes", valid()));
      const before = filesOnDisk().length;
      const first = await upload(cls.id, PDF);
      expect(first.status).toBe(200);
      const withFile = await body(first);
      expect(withFile.curriculumFileId).toEqual(expect.any(String));
      expect(filesOnDisk()).toHaveLength(before + 1);

      const read = await ctx.app.request(`/api/files/${withFile.curriculumFileId}`, { headers: { cookie } });
      expect(read.status).toBe(200);
      expect(read.headers.get("content-type")).toBe("application/pdf");
      expect(Buffer.from(await read.arrayBuffer()).equals(PDF)).toBe(true);
      const student = await studentActor(ctx, "Curioso");
      const peek = await ctx.app.request(`/api/files/${withFile.curriculumFileId}`, {
        headers: { cookie: student.cookie },
      });
      expect(peek.status).toBe(404);

      const replaced = await body(await upload(cls.id, PDF, "novo.pdf"));
      expect(replaced.curriculumFileId).not.toBe(withFile.curriculumFileId);
      expect(filesOnDisk()).toHaveLength(before + 1);
      const oldRow = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, withFile.curriculumFileId));
      expect(oldRow).toHaveLength(0);

      expect((await send("DELETE", `/api/admin/classes/${cls.id}`)).status).toBe(204);
      expect(filesOnDisk()).toHaveLength(before);
      const newRow = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, replaced.curriculumFileId));
      expect(newRow).toHaveLength(0);
    });

    it("keeps exactly one curriculum when two uploads for the same class arrive at once", async () => {
      const cls = await body(await send("POST", "/api/admin/classes", valid()));
      const before = filesOnDisk().length;
      const curriculumRows = () => ctx.db.select().from(storedFiles).where(eq(storedFiles.kind, "curriculum"));
      const rowsBefore = (await curriculumRows()).length;
      const [a, b] = await Promise.all([upload(cls.id, PDF, "a.pdf"), upload(cls.id, PDF, "b.pdf")]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [row] = await ctx.db.select().from(classes).where(eq(classes.id, cls.id));
      const curricula = await curriculumRows();
      expect(curricula).toHaveLength(rowsBefore + 1);
      expect(curricula.map((f) => f.id)).toContain(row!.curriculumFileId);
      expect(filesOnDisk()).toHaveLength(before + 1);
      expect((await send("DELETE", `/api/admin/classes/${cls.id}`)).status).toBe(204);
      expect(filesOnDisk()).toHaveLength(before);
    });

    it("detaches the curriculum on request", async () => {
      const cls = await body(await send("POST", "/api/admin/classes", valid()));
      const before = filesOnDisk().length;
      await upload(cls.id, PDF);
      const res = await send("DELETE", `/api/admin/classes/${cls.id}/curriculum`);
      expect(res.status).toBe(200);
      expect((await body(res)).curriculumFileId).toBeNull();
      expect(filesOnDisk()).toHaveLength(before);
    });

    it("refuses anything but a PDF by its content, files over 5 MB and unknown classes, storing nothing", async () => {
      const cls = await body(await send("POST", "/api/admin/classes", valid()));
      const before = filesOnDisk().length;
      for (const [file, name, type] of [
        [PNG, "curriculo.png", "image/png"],
        [HTML, "curriculo.pdf", "application/pdf"],
      ] as const) {
        const res = await upload(cls.id, file, name, type);
        expect(res.status, name).toBe(415);
        expect((await body(res)).error.message).toBe("Formato inválido. O currículo deve ser um PDF");
      }
      const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(cls.id, big);
      expect(tooBig.status).toBe(413);
      expect((await body(tooBig)).error.message).toBe("Arquivo muito grande. Tamanho máximo: 5MB");

      const missing = await upload("00000000-0000-4000-8000-000000000000", PDF);
      expect(missing.status).toBe(404);
      expect((await body(missing)).error.message).toBe("Turma não encontrada");

      const noFile = await ctx.app.request(`/api/admin/classes/${cls.id}/curriculum`, {
        method: "PUT",
        body: new FormData(),
        headers: { cookie, origin: TEST_BASE_URL },
      });
      expect(noFile.status).toBe(400);
      expect((await body(noFile)).error.message).toBe("Selecione o arquivo do currículo (PDF)");

      expect(filesOnDisk()).toHaveLength(before);
      const [row] = await ctx.db.select().from(classes).where(eq(classes.id, cls.id));
      expect(row!.curriculumFileId).toBeNull();
    });
  });
});
