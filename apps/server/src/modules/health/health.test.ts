import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";
import { createApp } from "../../app";
import { createDb, createPool } from "../../db/client";

describe("GET /api/health", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("answers 200 after a real query", async () => {
    const res = await ctx.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "external" });
  });

  it("answers 503 when the database is unreachable", async () => {
    const deadPool = createPool("postgres://nobody:x@127.0.0.1:1/none");
    const app = createApp({ ...ctx.deps, pool: deadPool, db: createDb(deadPool), databaseKind: "embedded" });
    const res = await app.request("/api/health");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ status: "unavailable", database: "embedded" });
    await deadPool.end();
  });
});
