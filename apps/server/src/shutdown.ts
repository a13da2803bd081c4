import type { ServerType } from "@hono/node-server";
import type pg from "pg";
import type { Logger } from "./logger";
import { MAIL_QUEUE_SETTINGS } from "./mail/mail-queue";

/**
 * How long each step of a shutdown may take (decision 066). A step that does not finish in time is
 * logged by name and left behind: the next one runs anyway, so the embedded PostgreSQL is always stopped
 * and the process always exits. At worst 10 + 2 + 10 + 5 + 17 s; usually well under a second once the
 * in-flight requests are done.
 */
export const SHUTDOWN_BOUNDS_MS = {
  /** In-flight requests finish; after this their connections are closed. */
  requests: 10_000,
  /** The connections closed after `requests` are gone. */
  connections: 2_000,
  /** The mail worker: a delivery in progress gets stopTimeoutMs, then pg-boss closes its own pool. */
  mail: MAIL_QUEUE_SETTINGS.stopTimeoutMs + 2_000,
  /** pool.end() waits for every checked-out client: a leaked one would wait for ever. */
  pool: 5_000,
  /** The embedded PostgreSQL: its own escalation (embedded.ts, stopProcess) ends within this. */
  database: 17_000,
};

export interface Closable {
  /** Absent when the HTTP server never started listening (a start-up failure). */
  server?: ServerType;
  mail: { stop(): Promise<void> };
  pool: pg.Pool;
  database: { stop(): Promise<void> };
}

/**
 * Runs `work`, waiting at most `ms`. True when it finished; false when it failed or was late (both
 * logged with the step's name), in which case it is left running and the caller goes on.
 */
export async function bounded(log: Logger, step: string, ms: number, work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  const done = work().then(
    () => "done" as const,
    (err: unknown) => {
      log.warn({ step, err }, `shutdown: ${step} failed; going on`);
      return "failed" as const;
    },
  );
  try {
    const outcome = await Promise.race([done, late]);
    if (outcome === "late") log.warn({ step, ms }, `shutdown: ${step} did not finish in ${ms / 1000} s; going on`);
    return outcome === "done";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The shutdown order: stop taking requests and let the in-flight ones finish (their connections are
 * closed after `bounds.requests`), stop the mail worker, close the pool, stop the embedded PostgreSQL.
 * Every step is bounded (SHUTDOWN_BOUNDS_MS); this resolves within their sum whatever hangs.
 */
export async function closeInOrder(parts: Closable, log: Logger, bounds = SHUTDOWN_BOUNDS_MS): Promise<void> {
  const { server, mail, pool, database } = parts;
  if (server) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if (!(await bounded(log, "in-flight requests", bounds.requests, () => closed))) {
      // Their connections are closed (a client mid-request gets a reset).
      if ("closeAllConnections" in server) server.closeAllConnections();
      await bounded(log, "closing connections", bounds.connections, () => closed);
    }
  }
  // A delivery in progress may finish (MAIL_QUEUE_SETTINGS.stopTimeoutMs); cut, it is tried again later.
  await bounded(log, "mail worker", bounds.mail, () => mail.stop());
  if (!(await bounded(log, "database pool", bounds.pool, () => pool.end()))) {
    // Which clients were never given back: a leak to find (checked out = total - idle).
    log.warn({ checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }, "database pool not closed");
  }
  await bounded(log, "embedded PostgreSQL", bounds.database, () => database.stop());
}
