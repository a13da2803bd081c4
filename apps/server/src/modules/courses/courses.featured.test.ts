import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { courses } from "../../db/schema";

describe("featured courses (the home page's 'Cursos em destaque')", () => {
  let ctx: TestContext;
  let cookie: string;
  const course = { name: "Curso", durationMonths: 2, price: 45000, status: "active" };
  const send = (method: string, path: string, payload?: unknown) =>
    ctx.app.request(path, jsonRequest(method, payload, cookie));
  const create = async (name: string, extra: Record<string, unknown> = {}) =>
    body(await send("POST", "/api/admin/courses", { ...course, name, ...extra }));
  const featuredNames = async () =>
    (await ctx.db.select({ name: courses.name }).from(courses).where(eq(courses.featured, true)))
      .map((c) => c.name)
      .sort();
  const catalogue = async () => body(await ctx.app.request("/api/courses/catalog"));

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await staffActor(ctx, "secretaria"));
  });
  beforeEach(async () => {
    await ctx.db.delete(courses);
  });
  afterAll(() => ctx.close());

  it("a new course is not featured until chosen; the catalogue says which are", async () => {
    const plain = await create("Sem destaque");
    expect(plain.featured).toBe(false);
    const chosen = await create("Com destaque", { featured: true });
    expect(chosen.featured).toBe(true);

    const list = await catalogue();
    expect(list.find((c: { id: string }) => c.id === plain.id)).toMatchObject({ featured: false });
    expect(list.find((c: { id: string }) => c.id === chosen.id)).toMatchObject({ featured: true });
  });

  it("an edit that leaves 'featured' out keeps the course's choice; false takes it away", async () => {
    const chosen = await create("Com destaque", { featured: true });
    const edited = await body(await send("PUT", `/api/admin/courses/${chosen.id}`, { ...course, name: "Renomeado" }));
    expect(edited).toMatchObject({ name: "Renomeado", featured: true });
    const removed = await send("PUT", `/api/admin/courses/${chosen.id}`, { ...course, featured: false });
    expect(await body(removed)).toMatchObject({ featured: false });
  });

  it("refuses a fourth featured course (409, on create and on edit) and changes nothing", async () => {
    for (const name of ["A", "B", "C"]) await create(name, { featured: true });
    const message = "Já existem 3 cursos em destaque («A», «B» e «C»). Retire o destaque de outro curso primeiro.";

    const refused = await send("POST", "/api/admin/courses", { ...course, name: "D", featured: true });
    expect(refused.status).toBe(409);
    expect((await body(refused)).error).toMatchObject({
      code: "featured_limit",
      message,
      issues: [{ path: "featured", message }],
    });
    expect((await ctx.db.select().from(courses).where(eq(courses.name, "D"))).length).toBe(0);

    const other = await create("E");
    const edit = await send("PUT", `/api/admin/courses/${other.id}`, { ...course, name: "E2", featured: true });
    expect(edit.status).toBe(409);
    const [kept] = await ctx.db.select().from(courses).where(eq(courses.id, other.id));
    expect(kept).toMatchObject({ name: "E", featured: false });
    expect(await featuredNames()).toEqual(["A", "B", "C"]);

    // A featured course saved again keeps its place; once one leaves, another may come in.
    const [a] = await ctx.db.select().from(courses).where(eq(courses.name, "A"));
    expect((await send("PUT", `/api/admin/courses/${a!.id}`, { ...course, name: "A", featured: true })).status).toBe(
      200,
    );
    await send("PUT", `/api/admin/courses/${a!.id}`, { ...course, name: "A", featured: false });
    expect((await send("PUT", `/api/admin/courses/${other.id}`, { ...course, name: "E", featured: true })).status).toBe(
      200,
    );
    expect(await featuredNames()).toEqual(["B", "C", "E"]);
  });

  it("two staff featuring the 3rd and the 4th course at the same moment: exactly one succeeds", async () => {
    for (let round = 0; round < 3; round++) {
      await ctx.db.delete(courses);
      for (const name of ["A", "B"]) await create(name, { featured: true });
      const [third, fourth] = [await create("C"), await create("D")];
      const results = await Promise.all(
        [third, fourth].map((c) =>
          send("PUT", `/api/admin/courses/${c.id}`, { ...course, name: c.name, featured: true }),
        ),
      );
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      expect(await featuredNames()).toHaveLength(3);
    }
  });

  it("two new featured courses created at once when two places are taken: exactly one is created", async () => {
    for (const name of ["A", "B"]) await create(name, { featured: true });
    const results = await Promise.all(
      ["C", "D"].map((name) => send("POST", "/api/admin/courses", { ...course, name, featured: true })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await featuredNames()).toHaveLength(3);
    expect((await ctx.db.select().from(courses)).length).toBe(3);
  });
});
