import { courseInputSchema } from "@app/shared/schemas/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { courses } from "../../db/schema";
import { CATALOG_TTL_MS, createCourse, listCatalog } from "./courses.service";

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
  const names = (list: { name: string }[]) => list.map((c) => c.name);

  it("shares one answer for CATALOG_TTL_MS, then reads the courses again", async () => {
    const start = Date.now();
    expect(await listCatalog(ctx.db, start)).toEqual([]);
    await ctx.db.insert(courses).values({ name: "Novo Curso", durationMonths: 1, price: 5000 });
    expect(await listCatalog(ctx.db, start + CATALOG_TTL_MS - 1)).toEqual([]);
    expect(names(await listCatalog(ctx.db, start + CATALOG_TTL_MS))).toEqual(["Novo Curso"]);
  });

  it("shows a course saved in this process at once, within the TTL", async () => {
    const start = Date.now();
    const before = names(await listCatalog(ctx.db, start));
    await createCourse(ctx.db, courseInputSchema.parse({ name: "Curso Acabado", durationMonths: 2, price: 9000 }));
    expect(names(await listCatalog(ctx.db, start))).toEqual(["Curso Acabado", ...before]);
    // The public route reads the same cache.
    expect(names(await body(await ctx.app.request("/api/courses/catalog")))).toEqual(["Curso Acabado", ...before]);
  });
});
