import type pg from "pg";
import type { SequenceInfo, TableInfo } from "./archive";
import { tableEntry } from "./archive";

/** Our schemas: the app's tables, drizzle's record of applied migrations, pg-boss's queue (decision 056). */
export const SCHEMAS = ["public", "drizzle", "pgboss"] as const;

/**
 * Left out: pg-boss's per-day queue statistics, which it gathers again by itself and whose day partitions
 * a restored database would not have.
 */
const SKIPPED = new Set(["pgboss.queue_stats"]);

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/**
 * Every table of ours (a partitioned table as a whole, not its partitions; nothing an extension owns)
 * with the columns that hold data, parents before the tables whose foreign keys point at them.
 */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ oid: number; schema: string; name: string; columns: string[] }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
             order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
     order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  const tables = rows.filter((t) => !SKIPPED.has(`${t.schema}.${t.name}`));
  // A partition's foreign key counts as its partitioned table's (pg-boss's job_common → queue).
  const { rows: keys } = await client.query<{ child: number; parent: number }>(
    `select coalesce(pg_partition_root(conrelid), conrelid)::oid::int as child,
       coalesce(pg_partition_root(confrelid), confrelid)::oid::int as parent
     from pg_constraint where contype = 'f' and conparentid = 0`,
  );
  return dependencyOrder(tables, keys).map((t) => ({
    schema: t.schema,
    name: t.name,
    columns: t.columns,
    entry: tableEntry(t.schema, t.name),
  }));
}

/** Kahn's algorithm, ties by name: a table comes after every table it references. */
function dependencyOrder<T extends { oid: number; schema: string; name: string }>(
  tables: T[],
  keys: { child: number; parent: number }[],
): T[] {
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const parents = new Map(tables.map((t) => [t.oid, new Set<number>()]));
  for (const k of keys) {
    if (k.child !== k.parent && byOid.has(k.child) && byOid.has(k.parent)) parents.get(k.child)!.add(k.parent);
  }
  const ordered: T[] = [];
  const done = new Set<number>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t.oid) && [...parents.get(t.oid)!].every((p) => done.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !done.has(t.oid)).map((t) => `${t.schema}.${t.name}`);
      throw new Error(`Foreign keys form a cycle between ${left.join(", ")}: no order to load them in`);
    }
    for (const t of ready) {
      ordered.push(t);
      done.add(t.oid);
    }
  }
  return ordered;
}

/** Every sequence of ours and where it stands (read in the snapshot: never behind the rows it numbered). */
export async function listSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, sequencename as name from pg_sequences where schemaname = any($1) order by 1, 2`,
    [SCHEMAS],
  );
  const sequences: SequenceInfo[] = [];
  for (const s of rows) {
    const { rows: at } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(s.schema, s.name)}`,
    );
    sequences.push({ ...s, lastValue: at[0]!.last_value, isCalled: at[0]!.is_called });
  }
  return sequences;
}

/** drizzle's applied migrations, oldest first; none when the database was never migrated. */
export async function appliedMigrations(client: pg.ClientBase): Promise<{ hash: string; createdAt: string }[]> {
  if (!(await tableExists(client, "drizzle", "__drizzle_migrations"))) return [];
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: r.created_at }));
}

export async function pgbossVersion(client: pg.ClientBase): Promise<number | null> {
  if (!(await tableExists(client, "pgboss", "version"))) return null;
  const { rows } = await client.query<{ version: number }>("select version from pgboss.version");
  return rows[0]?.version ?? null;
}

export async function tableExists(client: pg.ClientBase, schema: string, name: string): Promise<boolean> {
  const { rows } = await client.query("select to_regclass($1) as t", [qualified(schema, name)]);
  return rows[0].t !== null;
}

/** Other sessions on this database: a running server holds some (pg-boss polls every 2 s). */
export async function otherSessions(client: pg.ClientBase): Promise<{ count: number; names: string[] }> {
  const { rows } = await client.query<{ application_name: string }>(
    `select application_name from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  const names = [...new Set(rows.map((r) => r.application_name).filter(Boolean))];
  return { count: rows.length, names };
}
