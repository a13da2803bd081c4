import { courseInputSchema } from "@app/shared/schemas/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
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

describe("the catalogue in the browser's cache", () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await staffActor(ctx, "secretaria"));
  });
  afterAll(() => ctx.close());
  const catalogue = (etag?: string) =>
    ctx.app.request("/api/courses/catalog", etag ? { headers: { "if-none-match": etag } } : {});
  const names = async (res: Response) => (await body(res)).map((c: { name: string }) => c.name);
  const course = { name: "Excel Avançado", durationMonths: 2, price: 45000, status: "active" };

  it("is revalidated on every use: 304 while unchanged, the new list at once after a course is created, edited or deactivated", async () => {
    const first = await catalogue();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(await names(first)).toEqual([]);

    const same = await catalogue(etag);
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect(same.headers.get("etag")).toBe(etag);
    expect((await catalogue(`"other", ${etag.replace("W/", "")}`)).status).toBe(304);

    // The secretariat saves a course: the next visit gets it, not the copy it had.
    const created = await body(await ctx.app.request("/api/admin/courses", jsonRequest("POST", course, cookie)));
    const afterCreate = await catalogue(etag);
    expect(afterCreate.status).toBe(200);
    expect(await names(afterCreate)).toEqual(["Excel Avançado"]);
    const etag2 = afterCreate.headers.get("etag")!;
    expect(etag2).not.toBe(etag);

    const put = (changes: object) =>
      ctx.app.request(`/api/admin/courses/${created.id}`, jsonRequest("PUT", { ...course, ...changes }, cookie));
    expect((await put({ price: 50000 })).status).toBe(200);
    const afterEdit = await catalogue(etag2);
    expect(afterEdit.status).toBe(200);
    expect((await body(afterEdit))[0].price).toBe(50000);
    const etag3 = afterEdit.headers.get("etag")!;

    expect((await put({ price: 50000, status: "inactive" })).status).toBe(200);
    const afterDeactivate = await catalogue(etag3);
    expect(afterDeactivate.status).toBe(200);
    expect(await names(afterDeactivate)).toEqual([]);
    expect(afterDeactivate.headers.get("etag")).toBe(etag); // the same (empty) list as at first
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
