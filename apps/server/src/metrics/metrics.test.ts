import { randomBytes, randomUUID } from "node:crypto";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { TEST_PROXYPAY_ENTITY, TEST_PROXYPAY_KEY } from "../../test/references";
import { hashPassword } from "../auth/password-hashing";
import { createBackup } from "../backup/backup";
import { freePort } from "../db/embedded";
import { MAIL_QUEUE, MAIL_QUEUE_SCHEMA } from "../mail/mail-queue";
import { startSimulator } from "../modules/payment-references/provider/simulator";
import { pollPayments } from "../modules/payment-references/provider-payments.service";

const TOKEN = randomBytes(24).toString("hex");

/** One sample line of the text format: name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

describe("GET /metrics (Prometheus)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // E-mails go to a port nobody listens on and get one try: a failed job in the mail queue.
    ctx = await createTestContext(
      { METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
      {},
      { retryLimit: 0 },
    );
  });
  afterAll(() => ctx.close());

  async function scrape(): Promise<Sample[]> {
    const res = await ctx.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return parse(await res.text());
  }
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

  it("answers only a request bearing METRICS_TOKEN, and does not exist without it", async () => {
    expect((await ctx.app.request("/metrics")).status).toBe(401);
    const wrong = await ctx.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await wrong.text()).not.toContain("http_requests_total");

    const without = await createTestContext();
    try {
      const res = await without.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
    } finally {
      await without.close();
    }
  });

  it("counts requests by route template, method and status class, with their latency", async () => {
    for (let i = 0; i < 3; i++) await ctx.app.request("/api/courses/catalog");
    await ctx.app.request(`/api/courses/page/${randomUUID()}`);
    const samples = await scrape();
    expect(value(samples, "http_requests_total", { route: "/api/courses/catalog", method: "GET", status: "2xx" })).toBe(
      3,
    );
    expect(
      value(samples, "http_requests_total", { route: "/api/courses/page/:slug", method: "GET", status: "4xx" }),
    ).toBe(1);
    expect(
      value(samples, "http_request_duration_seconds_count", { route: "/api/courses/catalog", method: "GET" }),
    ).toBe(3);
    expect(value(samples, "http_request_duration_seconds_bucket", { route: "/api/courses/catalog", le: "+Inf" })).toBe(
      3,
    );
  });

  it("keeps its series bounded whatever the URLs: 1 000 requests with random ids add none per id", async () => {
    const count = async () => (await scrape()).filter((s) => s.name.startsWith("http_request")).length;
    await ctx.app.request(`/api/courses/page/${randomUUID()}`);
    await ctx.app.request(`/api/${randomUUID()}`);
    await ctx.app.request(`/api/courses/page/${randomUUID()}`, { method: "PROPFIND" });
    const before = await count();
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const id = randomUUID();
      ids.push(id);
      const path = [`/api/courses/page/${id}`, `/api/${id}`, `/api/enrollments/${id}`][i % 3]!;
      await ctx.app.request(path, { method: i % 7 === 0 ? `X${i}` : "GET" });
    }
    const text = await (await ctx.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const after = parse(text).filter((s) => s.name.startsWith("http_request")).length;
    // The third kind of path is new (a route of its own, a status class maybe): a handful of series, not 1 000.
    expect(after - before).toBeLessThan(40);
    for (const id of ids.slice(0, 50)) expect(text).not.toContain(id);
    expect(text).not.toMatch(/method="X\d+"/);
  });

  it("shows the PostgreSQL pool, the password hasher and the process' own figures", async () => {
    await hashPassword("uma senha qualquer");
    const samples = await scrape();
    for (const state of ["in_use", "idle", "waiting"]) {
      expect(value(samples, "portal_db_pool_connections", { state })).toBeGreaterThanOrEqual(0);
    }
    expect(value(samples, "portal_password_hasher_questions", { state: "waiting" })).toBe(0);
    expect(value(samples, "portal_password_hasher_wait_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(value(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(value(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(value(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("shows each queue's waiting and failed jobs", async () => {
    const before = await scrape();
    expect(value(before, "portal_queue_depth", { queue: MAIL_QUEUE })).toBe(0);
    expect(value(before, "portal_queue_failed", { queue: MAIL_QUEUE })).toBe(0);

    await ctx.mail.enqueueNow({ to: "ninguem@instituto.test", subject: "Teste", text: "Olá" });
    await expect
      .poll(async () => value(await scrape(), "portal_queue_failed", { queue: MAIL_QUEUE }), { timeout: 15_000 })
      .toBe(1);

    // An e-mail queued for later (as a retry waits): it is on the queue, not yet tried.
    const boss = new PgBoss({ connectionString: ctx.databaseUrl, schema: MAIL_QUEUE_SCHEMA, schedule: false });
    await boss.start();
    await boss.send(
      MAIL_QUEUE,
      { to: "depois@instituto.test", subject: "Mais tarde", text: "." },
      { startAfter: 3600 },
    );
    await boss.stop();
    expect(value(await scrape(), "portal_queue_depth", { queue: MAIL_QUEUE })).toBe(1);
  });

  it("shows when the last backup finished (0 before any)", async () => {
    expect(value(await scrape(), "portal_last_backup_timestamp_seconds")).toBe(0);
    expect(value(await scrape(), "portal_proxypay_last_poll_timestamp_seconds")).toBe(0);
    const started = Date.now() / 1000;
    await createBackup({
      databaseUrl: ctx.databaseUrl,
      databaseKind: "external",
      storage: ctx.deps.storage,
      environment: { authSecret: undefined, credentialSigningKey: undefined },
      dataDir: ctx.dataDir,
      file: `${ctx.dataDir}/copia.tar.gz`,
    });
    const at = value(await scrape(), "portal_last_backup_timestamp_seconds")!;
    expect(at).toBeGreaterThanOrEqual(Math.floor(started) - 5);
    expect(at).toBeLessThanOrEqual(Date.now() / 1000 + 5);
  });
});

describe("GET /metrics with Multicaixa references on", () => {
  it("shows when ProxyPay was last polled successfully", async () => {
    const sim = await startSimulator({ apiKey: TEST_PROXYPAY_KEY, entity: TEST_PROXYPAY_ENTITY });
    const ctx = await createTestContext({
      METRICS_TOKEN: TOKEN,
      PROXYPAY_API_KEY: TEST_PROXYPAY_KEY,
      PROXYPAY_ENTITY: TEST_PROXYPAY_ENTITY,
      PROXYPAY_BASE_URL: sim.url,
    });
    try {
      const lastPoll = async () => {
        const res = await ctx.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
        return parse(await res.text()).find((s) => s.name === "portal_proxypay_last_poll_timestamp_seconds")?.value;
      };
      expect(await lastPoll()).toBe(0);
      const before = Math.floor(Date.now() / 1000) - 5;
      await pollPayments({ ...ctx.deps, baseUrl: ctx.config.baseUrl, references: ctx.deps.references! });
      expect(await lastPoll()).toBeGreaterThanOrEqual(before);
    } finally {
      await ctx.close();
      await sim.close();
    }
  });
});

describe("GET /metrics with METRICS_REQUESTS=off (the bench's 'without')", () => {
  it("counts no request, and still gives the rest", async () => {
    const ctx = await createTestContext({ METRICS_TOKEN: TOKEN, METRICS_REQUESTS: "off" });
    try {
      for (let i = 0; i < 3; i++) expect((await ctx.app.request("/api/courses/catalog")).status).toBe(200);
      const res = await ctx.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      const samples = parse(await res.text());
      expect(samples.filter((s) => s.name.startsWith("http_request"))).toEqual([]);
      expect(samples.some((s) => s.name === "portal_db_pool_connections")).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
