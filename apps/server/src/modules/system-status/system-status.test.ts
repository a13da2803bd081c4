import { randomBytes } from "node:crypto";
import { SYSTEM_STATUS_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/messages";
import type { SystemStatus } from "@app/shared/schemas/system-status";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { markOperation } from "../../metrics/operation-marks";

const TOKEN = randomBytes(24).toString("hex");

/** 'Estado do sistema' (issue 40, decision 098): the figures of /metrics, for the super_admin only. */
describe("GET /api/admin/system-status", () => {
  let ctx: TestContext;
  let superAdmin: { cookie: string };
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    superAdmin = await staffActor(ctx, "super_admin");
  });
  afterAll(() => ctx.close());

  const status = async (): Promise<SystemStatus> => {
    const res = await ctx.app.request("/api/admin/system-status", { headers: { cookie: superAdmin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    return (await body(res)) as SystemStatus;
  };

  it("is the super_admin's only (401 signed out, 403 for another role)", async () => {
    expect((await ctx.app.request("/api/admin/system-status")).status).toBe(401);
    const admin = await staffActor(ctx, "admin");
    const res = await ctx.app.request("/api/admin/system-status", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(403);
    expect(((await body(res)) as { error: { message: string } }).error.message).toBe(
      SYSTEM_STATUS_SUPER_ADMIN_ONLY_MESSAGE,
    );
  });

  it("gives the same figures as /metrics at the same moment", async () => {
    for (let i = 0; i < 5; i++) await ctx.app.request("/api/courses/catalog");
    const scraped = await (await ctx.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const answered = [...scraped.matchAll(/^http_requests_total\{[^}]*\} (\d+)$/gm)].reduce(
      (a, m) => a + Number(m[1]),
      0,
    );
    const now = await status();
    // Every request this app answered (this test's app is minutes old), and the scrape itself.
    expect(now.requests.perMinute).toHaveLength(60);
    expect(now.requests.perMinute.reduce((a, b) => a + b, 0)).toBe(answered + 1);
    expect(now.requests.p95Seconds).toBeGreaterThan(0);
    for (const q of now.queues) {
      expect(scraped).toContain(`portal_queue_depth{queue="${q.queue}"} ${q.waiting}\n`);
      expect(scraped).toContain(`portal_queue_failed{queue="${q.queue}"} ${q.failed}\n`);
    }
    expect(now.queues.map((q) => q.queue)).toContain("mail");
    expect(now.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(now.database.connections).toBeGreaterThanOrEqual(1);
    expect(now.database.maxConnections).toBeGreaterThanOrEqual(now.database.connections);
    expect(now.database.pool.inUse).toBeGreaterThanOrEqual(0);
    expect(now.disk!.freeBytes).toBeGreaterThan(0);
    expect(now.disk!.totalBytes).toBeGreaterThanOrEqual(now.disk!.freeBytes);
    expect(now.proxyPay).toEqual({ enabled: false, lastPollAt: null });
  });

  it("warns of a backup older than 48 hours, or none", async () => {
    expect((await status()).backup).toEqual({ lastAt: null, overdue: true });
    await markOperation(ctx.db, "backup");
    const fresh = (await status()).backup;
    expect(fresh.overdue).toBe(false);
    expect(Date.now() - Date.parse(fresh.lastAt!)).toBeLessThan(60_000);
    await ctx.db.execute(
      sql`update app_meta set updated_at = now() - interval '49 hours' where key = 'last_backup_at'`,
    );
    expect((await status()).backup.overdue).toBe(true);
  });
});
