import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle, type NodePgDatabase, NodePgSession } from "drizzle-orm/node-postgres";
import type { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Logger } from "../logger";
import { isDatabaseUnavailable } from "./pg-errors";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a query may run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Dates (YYYY-MM-DD) stay strings, timestamps become Date; numeric stays exact until a column maps it.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * Decision 023: no request waits on the database for long. A connection (or a free pooled one) within
 * 3 s; PostgreSQL cancels a statement after 4 s (statement_timeout: a lock wait, a runaway query); and
 * a query on a connection whose server vanished without closing it (a failover, a network cut) fails
 * after 4.5 s on our side. A transaction whose connection died waits at most twice that (its ROLLBACK
 * too), so a request answers within 10 s. The timeouts are errors that map to 503 DATABASE_UNAVAILABLE.
 */
export const DB_TIMEOUTS = { connectMs: 3_000, statementMs: 4_000, queryMs: 4_500 } as const;

/**
 * The app's pool. Every connection gets an 'error' listener: pg-pool listens only on idle clients, and
 * a checked-out client whose server went away (PostgreSQL restarted) emits 'error' too; unheard, that
 * event ended the process (issue 21).
 */
export function createPool(url: string, log?: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    statement_timeout: DB_TIMEOUTS.statementMs,
    query_timeout: DB_TIMEOUTS.queryMs,
    keepAlive: true,
  });
  const lost = (err: Error) => log?.warn({ err: { message: err.message } }, "database connection lost");
  pool.on("error", lost); // an idle connection
  pool.on("connect", (client) => client.on("error", lost)); // a connection in use (its query fails too)
  return pool;
}

/**
 * drizzle-orm 0.45's pooled transaction runs BEGIN outside its try/finally, so a BEGIN that fails (the
 * connection died just after checkout) never returns the client: a few restarts of PostgreSQL would
 * exhaust the pool for good (drizzle-orm issues 6023, 6241). It also gives a dead or stuck connection
 * back to the pool as healthy. Here we check the client out, drizzle runs the transaction on it (its
 * single-client path), and it is always released, and destroyed when the database failed under it.
 * Remove this when drizzle releases the client itself (src/db/client.test.ts shows the leak).
 */
export function createDb(pool: pg.Pool): Database {
  const db = drizzle(pool, { schema });
  // The pieces drizzle() built once (the SQL dialect, the relational schema), reused by every transaction.
  const { dialect } = db as unknown as { dialect: PgDialect };
  const relational = { schema: db._.schema!, fullSchema: db._.fullSchema, tableNamesMap: db._.tableNamesMap };
  db.transaction = (async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const session = new NodePgSession<typeof schema, ExtractTablesWithRelations<typeof schema>>(
        client,
        dialect,
        relational,
      );
      return await session.transaction(work, config);
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }) as Database["transaction"];
  return db;
}
