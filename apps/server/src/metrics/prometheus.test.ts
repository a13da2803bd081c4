import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { PROMTOOL, type Prometheus, prometheusMissing, startPrometheus } from "../../test/prometheus";
import { serveOnRandomPort } from "../../test/serve";
import { MAIL_QUEUE, MAIL_QUEUE_SCHEMA } from "../mail/mail-queue";

const TOKEN = randomBytes(24).toString("hex");
/** The operators' examples (README, 'Watching it run'). */
const OPERATIONS = path.resolve(import.meta.dirname, "../../../../docs/operations");
const RULES = path.join(OPERATIONS, "alert-rules.yml");
const DASHBOARD = path.join(OPERATIONS, "grafana-dashboard.json");

/**
 * Issue 40: what an operator's own Prometheus sees. Debian's prometheus (installed by .ci/run, as Chromium)
 * scrapes the app over HTTP every second with METRICS_TOKEN, and is asked over its HTTP API.
 */
describe.skipIf(prometheusMissing())("a real Prometheus scraping the app", () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof serveOnRandomPort>>;
  let prometheus: Prometheus;

  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    server = await serveOnRandomPort(ctx.app);
    prometheus = await startPrometheus(new URL(server.base).host, TOKEN, [RULES]);
  }, 60_000);
  afterAll(async () => {
    await prometheus?.stop();
    await server?.close();
    await ctx?.close();
  });

  const single = async (promql: string) => (await prometheus.query(promql))[0]?.value;

  it("scrapes it with the token", async () => {
    await expect.poll(() => single('up{job="portal"}'), { timeout: 20_000, interval: 500 }).toBe(1);
  });

  it("reads 50 on the catalogue's request counter after 50 requests", async () => {
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${server.base}/api/courses/catalog`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await expect
      .poll(() => single('sum(http_requests_total{route="/api/courses/catalog",method="GET",status="2xx"})'), {
        timeout: 20_000,
        interval: 500,
      })
      .toBe(50);
    const latency = await single('sum(http_request_duration_seconds_count{route="/api/courses/catalog"})');
    expect(latency).toBe(50);
  });

  it("shows a queued e-mail in the mail queue's depth", async () => {
    await expect.poll(() => single(`portal_queue_depth{queue="${MAIL_QUEUE}"}`), { timeout: 20_000 }).toBe(0);
    const boss = new PgBoss({ connectionString: ctx.databaseUrl, schema: MAIL_QUEUE_SCHEMA, schedule: false });
    await boss.start();
    await boss.send(
      MAIL_QUEUE,
      { to: "depois@instituto.test", subject: "Mais tarde", text: "." },
      { startAfter: 3600 },
    );
    await boss.stop();
    await expect
      .poll(() => single(`portal_queue_depth{queue="${MAIL_QUEUE}"}`), { timeout: 20_000, interval: 500 })
      .toBe(1);
  });

  it("loads the example alert rules, which promtool accepts, and evaluates them on the app's metrics", async () => {
    const checked = spawnSync(PROMTOOL, ["check", "rules", RULES], { encoding: "utf8" });
    expect(checked.stdout + checked.stderr).toContain("SUCCESS: 6 rules found");
    expect(checked.status).toBe(0);
    // No backup was ever taken here: the 48-hour rule fires.
    await expect
      .poll(() => single('ALERTS{alertname="PortalBackupMissing",alertstate="firing"}'), { timeout: 20_000 })
      .toBe(1);
  });

  it("has a Grafana dashboard whose every query is valid and reads metrics the app exports", async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    expect(exprs.length).toBeGreaterThan(10);
    const exported = await (
      await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    for (const expr of exprs) {
      await prometheus.query(expr); // throws on invalid PromQL
      for (const name of expr.match(/\b(?:http|portal|process|nodejs)_\w+/g) ?? []) {
        expect(exported, `${name} in ${expr}`).toMatch(new RegExp(`^${name}[{ ]`, "m"));
      }
    }
  });
});
