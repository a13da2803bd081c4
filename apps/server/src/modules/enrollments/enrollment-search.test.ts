import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { enrollmentRow, insertCourse } from "../../../test/fixtures";
import { courses, enrollments, payments } from "../../db/schema";

type Row = { id: string; studentName: string };

/**
 * The lists search and sort stored normalised columns (decision 062): PostgreSQL rewrites them with the
 * row, so an edited name or a renamed course is found by its new text at once, and no longer by the old.
 */
describe("stored search keys follow the rows", () => {
  let ctx: TestContext;
  let cookie: string;
  let courseId: string;
  let id: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await staffActor(ctx, "super_admin")).cookie;
    courseId = await insertCourse(ctx.db, { name: "Contabilidade Prática", price: 120000 });
    const [row] = await ctx.db
      .insert(enrollments)
      .values(enrollmentRow(courseId, { studentName: "Zélia Tavares", studentPhone: "923000111" }))
      .returning();
    id = row!.id;
    await ctx.db.insert(enrollments).values(enrollmentRow(courseId, { studentName: "Bento Lopes" }));
    await ctx.db.insert(payments).values({
      enrollmentId: id,
      amount: 120000,
      paymentDate: "2026-01-05",
      paymentMethod: "tpa",
      status: "confirmed",
    });
  });
  afterAll(() => ctx.close());

  const list = async (path: string) => {
    const res = await ctx.app.request(`/api/admin/${path}`, jsonRequest("GET", undefined, cookie));
    expect(res.status).toBe(200);
    return ((await body(res)).rows as Row[]).map((r) => r.studentName);
  };
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  it("finds an enrolment by its edited name and phone, sorts it by the new name, in Inscrições and Financeiro", async () => {
    expect(await list(`enrollments?${q("zelia")}`)).toEqual(["Zélia Tavares"]);
    expect(await list("enrollments?sort=student&dir=asc")).toEqual(["Bento Lopes", "Zélia Tavares"]);

    const edit = await ctx.app.request(
      `/api/admin/enrollments/${id}`,
      jsonRequest(
        "PATCH",
        {
          ...enrollmentRow(courseId),
          courseId: undefined,
          studentName: "Ângela Tavares",
          studentPhone: "931 222 333",
          fatherName: "",
          studentEmail: "",
          qualification: "ensino_medio",
        },
        cookie,
      ),
    );
    expect(edit.status).toBe(200);

    expect(await list(`enrollments?${q("ANGELA tav")}`)).toEqual(["Ângela Tavares"]);
    expect(await list(`enrollments?${q("931 222")}`)).toEqual(["Ângela Tavares"]);
    expect(await list(`enrollments?${q("zelia")}`)).toEqual([]);
    expect(await list(`enrollments?${q("923 000 111")}`)).toEqual([]);
    expect(await list("enrollments?sort=student&dir=asc")).toEqual(["Ângela Tavares", "Bento Lopes"]);
    expect(await list(`payments?${q("angela")}`)).toEqual(["Ângela Tavares"]);
    expect(await list(`payments?${q("zelia")}`)).toEqual([]);
  });

  it("finds the enrolments of a renamed course by its new name", async () => {
    await ctx.db.update(courses).set({ name: "Gestão Financeira" }).where(eq(courses.id, courseId));
    expect((await list(`enrollments?${q("gestao fin")}`)).length).toBe(2);
    expect(await list(`payments?${q("GESTAO")}`)).toEqual(["Ângela Tavares"]);
    expect(await list(`enrollments?${q("contabilidade")}`)).toEqual([]);
  });
});
