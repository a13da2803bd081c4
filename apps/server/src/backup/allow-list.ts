import type pg from "pg";
import { BackupError, type BackupHeader, type TableInfo } from "./archive";
import { listSequences, listTables, SCHEMAS } from "./catalog";
import { tablesCreatedBy } from "./migration-level";

/*
 * What a restore may write (decision 081): this version's own tables and sequences, in our schemas only.
 * The archive's header names them; on a database shared with other applications (DATABASE_URL) a crafted
 * header could otherwise name another schema's table, which restore would empty and fill.
 */

const named = (o: { schema: string; name: string }) => `${o.schema}.${o.name}`;

function refuse(outside: string[], when: string): never {
  throw new BackupError(
    `A cópia nomeia ${outside.length === 1 ? "uma tabela ou sequência" : "tabelas ou sequências"} que esta versão do sistema não cria (${outside.slice(0, 5).join(", ")}): não foi restaurada, ${when}.`,
  );
}

/**
 * Before anything changes: every table and sequence in one of our schemas; in `public` and `drizzle`,
 * only the tables this build's migrations create up to the archive's level (pg-boss's, and every
 * sequence, are held to the catalog once the schema is recreated: `refuseOutsideCatalog`).
 */
export function refuseOutsideOurSchemas(header: BackupHeader): void {
  const created = tablesCreatedBy(header.migrations.length);
  created.add("drizzle.__drizzle_migrations");
  const ours = (o: { schema: string }) => (SCHEMAS as readonly string[]).includes(o.schema);
  const outside = [
    ...header.tables.filter((t) => !ours(t) || (t.schema !== "pgboss" && !created.has(named(t)))),
    ...header.sequences.filter((s) => !ours(s)),
  ].map(named);
  if (outside.length > 0) refuse(outside, "nada foi alterado");
}

/**
 * Once this build recreated the schema (inside the load's transaction): exactly what it created. Answers
 * those tables.
 */
export async function refuseOutsideCatalog(client: pg.ClientBase, header: BackupHeader): Promise<TableInfo[]> {
  const ours = await listTables(client);
  const tables = new Set(ours.map(named));
  const sequences = new Set((await listSequences(client)).map(named));
  const outside = [
    ...header.tables.map(named).filter((t) => !tables.has(t)),
    ...header.sequences.map(named).filter((s) => !sequences.has(s)),
  ];
  if (outside.length > 0) refuse(outside, "nenhuma linha foi carregada");
  return ours;
}
