import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, createPool } from "./db/client";
import { findRunningServer, startEmbeddedPostgres } from "./db/embedded";
import { createLogger } from "./logger";
import { createMailQueue } from "./mail/mail-queue";
import { closeInOrder, SHUTDOWN_BOUNDS_MS } from "./shutdown";

/** What a logger wrote, one parsed JSON line each. */
function capturedLogger() {
  const lines: { level: number; msg: string; step?: string; checkedOut?: number }[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger("info", destination), lines };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the shutdown steps are bounded (decision 066)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutdown-"));
  chmodSync(dataDir, 0o755);
  afterAll(() => {
    const left = findRunningServer(path.join(dataDir, "postgres"));
    if (left) process.kill(left.pid, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops the embedded PostgreSQL even when a pool client was never released, and says which step was late", async () => {
    const { log, lines } = capturedLogger();
    const embedded = await startEmbeddedPostgres(dataDir, log);
    const pool = createPool(embedded.url, log);
    const mail = createMailQueue({ databaseUrl: embedded.url, db: createDb(pool), log });
    await mail.start();
    // A leaked client, mid-transaction: pool.end() alone would wait for it for ever.
    const leaked = await pool.connect();
    await leaked.query("begin");
    await leaked.query("select 1");

    await closeInOrder({ mail, pool, database: embedded }, log, { ...SHUTDOWN_BOUNDS_MS, pool: 300 });

    const shutdownWarnings = lines.filter((l) => l.level === 40 && (l.step || l.msg === "database pool not closed"));
    expect(shutdownWarnings.map((l) => [l.msg, l.step ?? l.checkedOut])).toEqual([
      ["shutdown: database pool did not finish in 0.3 s; going on", "database pool"],
      ["database pool not closed", 1],
    ]);
    expect(alive(embedded.pid)).toBe(false);
    expect(findRunningServer(path.join(dataDir, "postgres"))).toBeUndefined();
  }, 60_000);
});
