import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../test/context";
import { PDF } from "../test/fixtures";
import { classes, courses, teachers } from "./db/schema";

const READ_ONLY =
  "Só Super Administrador, Administrador e Secretaria podem criar, editar ou excluir cursos, turmas e professores";

/** Decision 014: financeiro and professor see the catalogue but cannot change it. */
describe("catalogue management by role", () => {
  let ctx: TestContext;
  let manager: string;
  const year = new Date().getFullYear();
  const course = {
    name: "Contabilidade",
    description: "Base",
    area: "Gestão",
    modality: "online",
    durationMonths: 3,
    price: 60000,
    status: "active",
  };
  const teacher = {
    teacherName: "Rui Manuel",
    specialization: "Contabilidade",
    qualification: "Licenciatura",
    yearsOfExperience: 5,
  };
  const schoolClass = (courseId: string) => ({
    name: "Turma Manhã",
    courseId,
    classType: "presencial",
    location: "Sala 1",
    enrollmentStartDate: `${year}-01-01`,
    enrollmentEndDate: `${year}-01-20`,
    startDate: `${year}-02-01`,
    endDate: `${year}-05-01`,
    schedule: "Seg-Qua 08h-10h",
  });
  const send = (cookie: string, method: string, path: string, payload?: unknown) =>
    ctx.app.request(path, jsonRequest(method, payload, cookie));
  const upload = (cookie: string, classId: string) => {
    const fd = new FormData();
    fd.append("file", new File([PDF], "curriculo.pdf", { type: "application/pdf" }));
    return ctx.app.request(`/api/admin/classes/${classId}/curriculum`, {
      method: "PUT",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    manager = (await staffActor(ctx, "secretaria")).cookie;
  });
  afterAll(() => ctx.close());

  for (const role of ["professor", "financeiro"] as const) {
    it(`a ${role} reads courses, classes and teachers but cannot create, edit or delete them`, async () => {
      const { cookie } = await staffActor(ctx, role);
      const existingCourse = await body(await send(manager, "POST", "/api/admin/courses", course));
      const existingTeacher = await body(await send(manager, "POST", "/api/admin/teachers", teacher));
      const existingClass = await body(
        await send(manager, "POST", "/api/admin/classes", schoolClass(existingCourse.id)),
      );
      expect((await upload(manager, existingClass.id)).status).toBe(200);
      const snapshot = async () => ({
        courses: await ctx.db.select().from(courses).orderBy(courses.id),
        teachers: await ctx.db.select().from(teachers).orderBy(teachers.id),
        classes: await ctx.db.select().from(classes).orderBy(classes.id),
      });
      const before = await snapshot();
      expect(before.classes.find((c) => c.id === existingClass.id)?.curriculumFileId).toEqual(expect.any(String));

      for (const path of ["/api/admin/courses", "/api/admin/classes", "/api/admin/teachers"]) {
        expect((await send(cookie, "GET", path)).status, `GET ${path}`).toBe(200);
      }
      const attempts: [string, string, unknown?][] = [
        ["POST", "/api/admin/courses", { ...course, name: "Curso do professor" }],
        ["PUT", `/api/admin/courses/${existingCourse.id}`, { ...course, price: 1 }],
        ["DELETE", `/api/admin/courses/${existingCourse.id}`],
        ["POST", "/api/admin/teachers", { ...teacher, teacherName: "Outro" }],
        ["PUT", `/api/admin/teachers/${existingTeacher.id}`, { ...teacher, yearsOfExperience: 40 }],
        ["DELETE", `/api/admin/teachers/${existingTeacher.id}`],
        ["POST", "/api/admin/classes", schoolClass(existingCourse.id)],
        ["PUT", `/api/admin/classes/${existingClass.id}`, { ...schoolClass(existingCourse.id), name: "Mudada" }],
        ["DELETE", `/api/admin/classes/${existingClass.id}/curriculum`],
        ["DELETE", `/api/admin/classes/${existingClass.id}`],
      ];
      for (const [method, path, payload] of attempts) {
        const res = await send(cookie, method, path, payload);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect((await body(res)).error.message).toBe(READ_ONLY);
      }
      const replace = await upload(cookie, existingClass.id);
      expect(replace.status).toBe(403);
      expect((await body(replace)).error.message).toBe(READ_ONLY);

      expect(await snapshot()).toEqual(before);
    });
  }

  it("lets an admin and a super_admin change the catalogue", async () => {
    for (const role of ["admin", "super_admin"] as const) {
      const { cookie } = await staffActor(ctx, role);
      const created = await send(cookie, "POST", "/api/admin/courses", { ...course, name: `Curso ${role}` });
      expect(created.status).toBe(201);
      const { id } = await body(created);
      expect((await send(cookie, "PUT", `/api/admin/courses/${id}`, { ...course, price: 70000 })).status).toBe(200);
      expect((await send(cookie, "DELETE", `/api/admin/courses/${id}`)).status).toBe(204);
    }
  });
});
