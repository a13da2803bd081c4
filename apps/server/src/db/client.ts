import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a query may run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Dates (YYYY-MM-DD) stay strings, timestamps become Date; numeric stays exact until a column maps it.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export function createPool(url: string): pg.Pool {
  return new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
}

export function createDb(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}
