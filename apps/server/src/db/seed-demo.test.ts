import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { classes, courses, teachers } from "./schema";
import { seedDemoData } from "./seed-demo";

describe("demo data", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("loads the SPEC's three sample courses and more, once, even when two instances start together", async () => {
    const results = await Promise.all([seedDemoData(ctx.db), seedDemoData(ctx.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(ctx.db)).toBe(false);

    const all = await ctx.db.select().from(courses);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const prices = all.map((c) => c.price);
    expect(prices).toEqual(expect.arrayContaining([150000, 100000, 80000]));
    // The home page features the SPEC's three sample courses.
    expect(all.filter((c) => c.featured).map((c) => c.price)).toEqual(expect.arrayContaining([150000, 100000, 80000]));
    expect(all.filter((c) => c.featured)).toHaveLength(3);
    expect(new Set(all.map((c) => c.area)).size).toBeGreaterThanOrEqual(5);
    expect((await ctx.db.select().from(teachers)).length).toBeGreaterThan(0);
    expect((await ctx.db.select().from(classes)).length).toBeGreaterThan(0);
  });

  it("does not bring back a demo course an administrator deleted", async () => {
    const before = (await ctx.db.select().from(courses)).length;
    await ctx.db.delete(classes);
    const [first] = await ctx.db.select().from(courses);
    const { eq } = await import("drizzle-orm");
    await ctx.db.delete(courses).where(eq(courses.id, first!.id));
    await seedDemoData(ctx.db);
    expect((await ctx.db.select().from(courses)).length).toBe(before - 1);
  });
});

describe("demo class dates", () => {
  it("count from Luanda's today: at 23:30 UTC on 14 June it is already 15 June", async () => {
    const ctx = await createTestContext();
    try {
      await seedDemoData(ctx.db, new Date("2026-06-14T23:30:00Z"));
      const fullStack = (await ctx.db.select().from(classes)).find((c) => c.name === "Full Stack — Turma A")!;
      expect(fullStack.enrollmentStartDate).toBe("2026-06-08");
      expect(fullStack.startDate).toBe("2026-07-13");
    } finally {
      await ctx.close();
    }
  });
});
