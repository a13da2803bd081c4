import { execFileSync } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase } from "../../test/context";
import { createDb, createPool } from "./client";
import { isDatabaseUnavailable } from "./pg-errors";

const serverDir = path.resolve(import.meta.dirname, "../..");

/** Ends a backend from another process, synchronously: this process notices only at its next turn of I/O. */
function terminateBackendNow(url: string, pid: number) {
  const script = `const pg = require("pg"); const c = new pg.Client(process.argv[1]);
    c.connect().then(() => c.query("select pg_terminate_backend($1)", [Number(process.argv[2])])).then(() => c.end());`;
  execFileSync(process.execPath, ["-e", script, url, String(pid)], { cwd: serverDir, stdio: "inherit" });
}

describe("the pool when PostgreSQL drops a connection", () => {
  let url: string;
  beforeAll(async () => {
    url = await createFreshDatabase();
  });

  const pools: pg.Pool[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.end())));

  it("gives back the connection of a transaction whose BEGIN failed, and the next one works", async () => {
    const pool = new pg.Pool({ ...createPool(url).options, max: 1 });
    pools.push(pool);
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = createDb(pool);
    const { rows } = await pool.query<{ pid: number }>("select pg_backend_pid() as pid");

    // The only pooled connection dies just before the transaction takes it: its BEGIN fails.
    terminateBackendNow(url, rows[0]!.pid);
    const failed = await db.transaction(async (tx) => tx.execute(sql`select 1`)).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(failed)).toBe(true);

    // drizzle-orm 0.45 alone never released that connection: with max 1 this waited for a free one and failed.
    const result = await db.transaction(async (tx) => tx.execute(sql`select 2 as n`));
    expect(result.rows).toEqual([{ n: 2 }]);
    expect(pool.totalCount).toBe(1);
  });
});
