import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { courses } from "../../db/schema";

describe("GET /api/courses/catalog", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.insert(courses).values([
      { name: "Antigo", durationMonths: 1, price: 1000, createdAt: new Date("2025-01-01T00:00:00Z") },
      { name: "Novo", durationMonths: 2, price: 2500.5, createdAt: new Date("2025-03-01T00:00:00Z") },
      { name: "Inactivo", durationMonths: 2, price: 10, status: "inactive" },
    ]);
  });
  afterAll(() => ctx.close());

  it("lists only active courses, newest first, with numeric prices", async () => {
    const res = await ctx.app.request("/api/courses/catalog");
    expect(res.status).toBe(200);
    const list = await body(res);
    expect(list.map((c: { name: string }) => c.name)).toEqual(["Novo", "Antigo"]);
    expect(list[0]).toMatchObject({ price: 2500.5, durationMonths: 2, area: null });
  });
});

describe("catalogue cache", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("shares one answer for a moment, and shows a change at once when this process forgets it", async () => {
    const { forgetCatalog } = await import("./courses.service");
    expect(await body(await ctx.app.request("/api/courses/catalog"))).toEqual([]);
    await ctx.db.insert(courses).values({ name: "Novo Curso", durationMonths: 1, price: 5000 });
    expect(await body(await ctx.app.request("/api/courses/catalog"))).toEqual([]);
    forgetCatalog(ctx.db);
    expect((await body(await ctx.app.request("/api/courses/catalog"))).map((c: { name: string }) => c.name)).toEqual([
      "Novo Curso",
    ]);
  });
});
