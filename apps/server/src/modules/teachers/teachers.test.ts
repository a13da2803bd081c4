import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { classes, courses } from "../../db/schema";

describe("teacher management (staff)", () => {
  let ctx: TestContext;
  let cookie: string;
  const valid = {
    teacherName: "Helena Baptista",
    specialization: "Inglês",
    qualification: "Licenciatura",
    yearsOfExperience: 12,
    teacherPhone: "923000111",
    teacherEmail: "Helena@Inst.ao",
    bio: "",
  };
  const send = (method: string, path: string, payload?: unknown) =>
    ctx.app.request(path, jsonRequest(method, payload, cookie));

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await staffActor(ctx, "admin"));
  });
  afterAll(() => ctx.close());

  it("creates, edits and deletes a teacher; their classes stay without a teacher", async () => {
    const created = await send("POST", "/api/admin/teachers", valid);
    expect(created.status).toBe(201);
    const teacher = await body(created);
    expect(teacher).toMatchObject({ teacherEmail: "helena@inst.ao", bio: null, status: "active" });
    expect(
      await body(await send("PUT", `/api/admin/teachers/${teacher.id}`, { ...valid, status: "inactive" })),
    ).toMatchObject({ status: "inactive" });

    const [course] = await ctx.db.insert(courses).values({ name: "Inglês", durationMonths: 2, price: 1 }).returning();
    const [cls] = await ctx.db
      .insert(classes)
      .values({
        name: "Manhã",
        courseId: course!.id,
        teacherId: teacher.id,
        classType: "presencial",
        enrollmentStartDate: "2025-01-01",
        enrollmentEndDate: "2025-01-10",
        startDate: "2025-01-15",
        endDate: "2025-03-15",
        schedule: "Manhã",
      })
      .returning();
    expect((await send("DELETE", `/api/admin/teachers/${teacher.id}`)).status).toBe(204);
    const [after] = await ctx.db.select().from(classes).where(eq(classes.id, cls!.id));
    expect(after!.teacherId).toBeNull();
    expect((await body(await send("GET", "/api/admin/teachers"))).map((t: { id: string }) => t.id)).not.toContain(
      teacher.id,
    );
  });

  it("refuses each rule of the teacher form with its message", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ teacherName: " " }, "teacherName", "Nome é obrigatório"],
      [{ specialization: "" }, "specialization", "Especialização é obrigatória"],
      [{ qualification: "" }, "qualification", "Qualificação é obrigatória"],
      [{ yearsOfExperience: undefined }, "yearsOfExperience", "Anos de experiência são obrigatórios"],
      [{ yearsOfExperience: 51 }, "yearsOfExperience", "Os anos de experiência vão de 0 a 50"],
      [{ yearsOfExperience: -1 }, "yearsOfExperience", "Os anos de experiência vão de 0 a 50"],
      [{ teacherEmail: "nao-e-email" }, "teacherEmail", "Email inválido"],
      [{ teacherPhone: "9".repeat(21) }, "teacherPhone", "Telefone muito longo"],
    ];
    for (const [override, path, message] of cases) {
      const res = await send("POST", "/api/admin/teachers", { ...valid, ...override });
      expect(res.status, path).toBe(400);
      expect((await body(res)).error.issues).toContainEqual({ path, message });
    }
  });
});
