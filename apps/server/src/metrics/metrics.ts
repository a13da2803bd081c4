import { sql } from "drizzle-orm";
import type pg from "pg";
import { collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from "prom-client";
import { observePasswordWaits, passwordQueue } from "../auth/password-hashing";
import type { Database } from "../db/client";
import { MAIL_QUEUE_SCHEMA } from "../mail/mail-queue";
import { type OperationMark, operationMarks } from "./operation-marks";
import { recentRequests } from "./recent-requests";
import { requestTally } from "./request-tally";

/** Methods counted by name; anything else (a client's invention) is counted as "other": labels stay bounded. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Status classes by hundreds; a status outside 1xx–5xx (none expected) is "other". */
const STATUS_CLASSES = ["other", "1xx", "2xx", "3xx", "4xx", "5xx"];
/** Seconds: from a cached catalogue answer to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricSources {
  db: Database;
  pool: pg.Pool;
}

export interface QueueCounts {
  queue: string;
  /** Jobs waiting to be worked: new, or waiting for their next try. */
  waiting: number;
  /** Jobs that used all their tries (kept for 14 days, shown to the super_admin). */
  failed: number;
}

/**
 * This instance's figures in Prometheus' text format (decision 098): its HTTP requests (by route
 * template, method and status class), the PostgreSQL pool, the password hasher's line, and, read from the
 * database when scraped, each pg-boss queue's depth and failures and when the last backup and ProxyPay
 * poll succeeded. One registry per app (tests run several apps in one process).
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = requestTally(LATENCY_BUCKETS);
  registry.registerMetric(requests.counter as unknown as Metric);
  registry.registerMetric(requests.histogram as unknown as Metric);

  const recent = recentRequests(LATENCY_BUCKETS);

  const { pool } = sources;
  new Gauge({
    name: "portal_db_pool_connections",
    help: "The PostgreSQL pool's connections in use and idle, and the requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const counts = poolCounts(pool);
      this.set({ state: "in_use" }, counts.inUse);
      this.set({ state: "idle" }, counts.idle);
      this.set({ state: "waiting" }, counts.waiting);
    },
  });

  new Gauge({
    name: "portal_password_hasher_questions",
    help: "Password hashes and checks being worked (running) and waiting in the hasher's line (waiting)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const line = passwordQueue();
      this.set({ state: "running" }, line.running);
      this.set({ state: "waiting" }, line.waiting);
    },
  });
  const passwordWait = new Histogram({
    name: "portal_password_hasher_wait_seconds",
    help: "How long a password hash or check waited in line for the hasher",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 6],
    registers: [registry],
  });
  const stopObserving = observePasswordWaits((ms) => passwordWait.observe(ms / 1000));

  /** Read from the database once per scrape (scrape()), before the gauges below are collected. */
  let stored: { queues: QueueCounts[]; marks: Record<OperationMark, Date | null> } | undefined;
  const seconds = (d: Date | null | undefined) => (d ? d.getTime() / 1000 : 0);
  new Gauge({
    name: "portal_queue_depth",
    help: "Jobs waiting on each pg-boss queue (new, or waiting for their next try)",
    labelNames: ["queue"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const q of stored?.queues ?? []) this.set({ queue: q.queue }, q.waiting);
    },
  });
  new Gauge({
    name: "portal_queue_failed",
    help: "Jobs on each pg-boss queue that used all their tries",
    labelNames: ["queue"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const q of stored?.queues ?? []) this.set({ queue: q.queue }, q.failed);
    },
  });
  new Gauge({
    name: "portal_last_backup_timestamp_seconds",
    help: "When `npm run backup` last finished (Unix time; 0: never, or the database did not answer)",
    registers: [registry],
    collect() {
      this.set(seconds(stored?.marks.backup));
    },
  });
  new Gauge({
    name: "portal_proxypay_last_poll_timestamp_seconds",
    help: "When an instance last polled ProxyPay's payments successfully (Unix time; 0: never, or the database did not answer)",
    registers: [registry],
    collect() {
      this.set(seconds(stored?.marks.proxyPayPoll));
    },
  });

  return {
    registry,
    /**
     * The text Prometheus reads. The database's figures are read first, in one go; when it does not
     * answer, the queues have no values and the times read 0, and the process' own figures still come.
     */
    async scrape(): Promise<string> {
      stored = await Promise.all([queueCounts(sources.db), operationMarks(sources.db)]).then(
        ([queues, marks]) => ({ queues, marks }),
        () => undefined,
      );
      return registry.metrics();
    },
    /** Counts one answered request. */
    observe(route: string, method: string, status: number, seconds: number) {
      const m = METHODS.has(method) ? method : "other";
      requests.observe(route, m, STATUS_CLASSES[Math.floor(status / 100)] ?? "other", seconds);
      recent.observe(seconds);
    },
    /** This instance's last hour, per minute, and its p95 ('Estado do sistema'). */
    lastHour: () => recent.lastHour(),
    /** Stops listening to the password hasher (an app closed in tests). */
    close: stopObserving,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The request pool's connections in use and idle, and the requests waiting for one. */
export function poolCounts(pool: pg.Pool) {
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Each pg-boss queue (ours: mail, payment-reference, sms) with its waiting and failed jobs. */
export async function queueCounts(db: Database): Promise<QueueCounts[]> {
  const schema = sql.raw(MAIL_QUEUE_SCHEMA);
  const { rows } = await db.execute<{ queue: string; waiting: number; failed: number }>(sql`
    select q.name as queue,
      count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
      count(j.id) filter (where j.state = 'failed')::int as failed
    from ${schema}.queue q left join ${schema}.job j on j.name = q.name
    group by q.name
    order by q.name`);
  return rows;
}
