import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../test/actors";
import { body, createTestContext, type TestContext } from "../../test/context";
import type { LogLine } from "../../test/log-lines";
import { createLogger } from "../logger";

/** The server's own logger (createLogger: what production prints), its lines kept here. */
function capture(ctx: TestContext): LogLine[] {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  ctx.deps.log = createLogger("debug", sink);
  return lines;
}

/**
 * Issue 40: logs an operator can follow. Every line a request writes carries its id (also answered as
 * X-Request-Id), its route template and the signed-in user; never a password or a session token.
 */
describe("request logs", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("ties every line of a request to its id, route template and user", async () => {
    const staff = await staffActor(ctx, "secretaria");
    const lines = capture(ctx);
    const id = randomUUID();
    const res = await ctx.app.request(`/api/admin/courses/${id}`, jsonRequest("DELETE", undefined, staff.cookie));
    expect(res.status).toBe(404);
    const reqId = res.headers.get("x-request-id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const ofRequest = lines.filter((l) => l.reqId === reqId);
    expect(ofRequest.map((l) => l.msg)).toContain("request");
    for (const line of ofRequest) {
      expect(line).toMatchObject({ route: "/api/admin/courses/:id", userId: staff.userId });
      expect(JSON.stringify(line)).not.toContain(id);
    }
  });

  it("says the request id in a 500's body, the same as in its log lines", async () => {
    const staff = await staffActor(ctx, "secretaria");
    const lines = capture(ctx);
    await ctx.db.execute(sql`alter table courses rename to courses_away`);
    let res: Response;
    try {
      res = await ctx.app.request("/api/admin/courses", { headers: { cookie: staff.cookie } });
    } finally {
      await ctx.db.execute(sql`alter table courses_away rename to courses`);
    }
    expect(res.status).toBe(500);
    const reqId = res.headers.get("x-request-id")!;
    const { error } = (await body(res)) as { error: { message: string; requestId: string } };
    expect(error.requestId).toBe(reqId);
    expect(error.message).toBe(`Ocorreu um erro inesperado. Tente novamente. Código do erro: ${reqId}.`);
    const failure = lines.find((l) => l.msg === "unhandled error");
    expect(failure).toMatchObject({ reqId, route: "/api/admin/courses", userId: staff.userId });
  });

  it("never logs a password or a session token", async () => {
    const lines = capture(ctx);
    const staff = await staffActor(ctx, "admin");
    await ctx.app.request("/api/auth/sign-in", jsonRequest("POST", { email: staff.email, password: "errada-123" }));
    const token = staff.cookie.split("=")[1]!.split(".")[0]!;
    const printed = lines.map((l) => JSON.stringify(l)).join("\n");
    expect(lines.length).toBeGreaterThan(0);
    expect(printed).not.toContain("segredo1");
    expect(printed).not.toContain("errada-123");
    expect(printed).not.toContain(token);
  });

  it("takes X-Request-Id from the client only behind a trusted proxy", async () => {
    const sent = { headers: { "x-request-id": "proxy-abc-123" } };
    const untrusted = await ctx.app.request("/api/health", sent);
    expect(untrusted.headers.get("x-request-id")).not.toBe("proxy-abc-123");

    const behindProxy = await createTestContext({ TRUST_PROXY: "true" });
    try {
      const lines = capture(behindProxy);
      const trusted = await behindProxy.app.request("/api/courses/catalog", sent);
      expect(trusted.headers.get("x-request-id")).toBe("proxy-abc-123");
      expect(lines.find((l) => l.msg === "request")).toMatchObject({
        reqId: "proxy-abc-123",
        route: "/api/courses/catalog",
      });
      const odd = await behindProxy.app.request("/api/health", { headers: { "x-request-id": "não <é> um id" } });
      expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await behindProxy.close();
    }
  });
});
