import { execFileSync } from "node:child_process";
import { createPublicKey } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { createDb, createPool } from "../db/client";
import { markOperation } from "../metrics/operation-marks";
import { FileMissingError, type FileStorage } from "../storage/storage";
import {
  ARCHIVE_FORMAT,
  type ArchiveWriter,
  type BackupHeader,
  type EntrySummary,
  fileEntry,
  HEADER_ENTRY,
  LEGACY_SECRETS,
  legacySecretEntry,
  MANIFEST_ENTRY,
  type Manifest,
  rowsText,
  type TableInfo,
  writeArchive,
} from "./archive";
import {
  appliedMigrations,
  listSequences,
  listTables,
  pgbossVersion,
  qualified,
  quoteIdent,
  tableExists,
} from "./catalog";
import { rowsLeftOut, tablesToBackUp } from "./left-out";
import { knownMigrations } from "./migration-level";

export interface BackupOptions {
  databaseUrl: string;
  databaseKind: "embedded" | "external";
  storage: FileStorage;
  /** The secrets the environment sets (decision 065): not in the database, so not in the archive. */
  environment: { authSecret: string | undefined; credentialSigningKey: string | undefined };
  /** Where an earlier version may have left its secret files. */
  dataDir: string;
  /** The archive to write; it must not exist. */
  file: string;
  /** Told of each table and the files as they are written (awaited: a test writes between two tables). */
  progress?: (line: string) => void | Promise<void>;
}

/**
 * Writes one archive (decision 067): every table of ours (but sessions and sign-in tokens, decision 081:
 * left-out.ts) exported with COPY … TO STDOUT inside one REPEATABLE READ READ ONLY transaction (a
 * consistent snapshot, taken while the server runs), then the files that snapshot names, then the
 * manifest. Each table is spooled to a temporary file beside the archive (tar needs its size first), so
 * memory holds a chunk at a time whatever the volume.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const { file, progress = () => undefined } = options;
  if (existsSync(file)) throw new Error(`${file} já existe: escolha outro nome (a cópia nunca substitui um arquivo)`);
  const partial = `${file}.part`;
  const spool = mkdtempSync(path.join(path.dirname(path.resolve(file)), ".backup-spool-"));
  const archive = writeArchive(partial);
  const entries: Record<string, EntrySummary> = {};
  try {
    const { header, keys, legacy } = await exportDatabase(options, archive, spool, entries, progress);
    const files = await copyFiles(options.storage, keys, archive, entries, progress);
    for (const file of legacy) {
      const name = legacySecretEntry(path.basename(file));
      entries[name] = await archive.addStream(name, statSync(file).size, createReadStream(file));
    }
    const tableRows = header.tables.map((t) => entries[t.entry]!.rows ?? 0);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      finishedAt: new Date().toISOString(),
      counts: {
        tables: header.tables.length,
        rows: tableRows.reduce((a, b) => a + b, 0),
        files: files.count,
        fileBytes: files.bytes,
        missingFiles: files.missing,
      },
      entries,
    };
    await archive.addJson(MANIFEST_ENTRY, manifest);
    await archive.close();
    renameSync(partial, file);
    await markBackupTaken(options.databaseUrl);
    return manifest;
  } catch (err) {
    await archive.abort();
    rmSync(partial, { force: true });
    throw err;
  } finally {
    rmSync(spool, { recursive: true, force: true });
  }
}

/** The last backup's time, where the metrics and the status screen of every instance read it (decision 098). */
async function markBackupTaken(databaseUrl: string): Promise<void> {
  const pool = createPool(databaseUrl);
  try {
    await markOperation(createDb(pool), "backup");
  } finally {
    await pool.end();
  }
}

async function exportDatabase(
  options: BackupOptions,
  archive: ArchiveWriter,
  spool: string,
  entries: Record<string, EntrySummary>,
  progress: (line: string) => void | Promise<void>,
): Promise<{ header: BackupHeader; keys: string[]; legacy: string[] }> {
  // No statement timeout here (decision 023 is for requests): a large table takes as long as it takes.
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "portal-backup" });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const tables = tablesToBackUp(await listTables(client));
    const legacy = await legacySecretFiles(client, options);
    const header: BackupHeader = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      app: { commit: gitCommit(), node: process.version },
      database: {
        kind: options.databaseKind,
        serverVersion: (await client.query("show server_version")).rows[0].server_version,
      },
      migrations: await migrationLevel(client),
      pgbossVersion: await pgbossVersion(client),
      tables,
      sequences: await listSequences(client),
      storage: options.storage.driver,
      credentialKey: await credentialKeyOf(client, options.environment.credentialSigningKey, legacy),
      authSecretFromEnvironment: options.environment.authSecret !== undefined,
    };
    if (header.migrations.length === 0)
      throw new Error("O banco de dados não tem as tabelas do sistema: nada a copiar");
    entries[HEADER_ENTRY] = await archive.addJson(HEADER_ENTRY, header);
    for (const table of tables) {
      entries[table.entry] = await exportTable(client, table, archive, spool);
      await progress(`  ${table.schema}.${table.name}: ${rowsText(entries[table.entry]!.rows ?? 0)}`);
    }
    const { rows } = await client.query<{ storage_key: string }>("select storage_key from stored_files");
    await client.query("commit");
    return { header, keys: rows.map((r) => r.storage_key), legacy };
  } finally {
    await client.end();
  }
}

/** One table's rows in COPY text format, spooled to disk, then into the archive. */
async function exportTable(
  client: pg.Client,
  table: TableInfo,
  archive: ArchiveWriter,
  spool: string,
): Promise<EntrySummary> {
  const columns = table.columns.map(quoteIdent).join(", ");
  const leftOut = rowsLeftOut(table);
  const where = leftOut ? ` where not coalesce(${leftOut}, false)` : "";
  // A partitioned table cannot be copied by name (only its partitions): a query over it can.
  const copy = copyTo(`copy (select ${columns} from ${qualified(table.schema, table.name)}${where}) to stdout`);
  const temp = path.join(spool, "table.copy");
  await pipeline(client.query(copy), createWriteStream(temp, { mode: 0o600 }));
  const summary = await archive.addStream(table.entry, statSync(temp).size, createReadStream(temp));
  rmSync(temp);
  return { ...summary, rows: copy.rowCount };
}

/** The files the snapshot names; one deleted since (its row went after the snapshot) is reported. */
async function copyFiles(
  storage: FileStorage,
  keys: string[],
  archive: ArchiveWriter,
  entries: Record<string, EntrySummary>,
  progress: (line: string) => void | Promise<void>,
): Promise<{ count: number; bytes: number; missing: string[] }> {
  const sizes = new Map<string, number>();
  for await (const o of storage.list()) sizes.set(o.key, o.size);
  const missing: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    const size = sizes.get(key);
    const stream = size === undefined ? undefined : await storage.getStream(key).catch(missingAsUndefined);
    if (size === undefined || !stream) {
      missing.push(key);
      continue;
    }
    entries[fileEntry(key)] = await archive.addStream(fileEntry(key), size, stream);
    bytes += size;
  }
  await progress(`  arquivos: ${keys.length - missing.length} (${(bytes / 1e6).toFixed(1)} MB)`);
  if (missing.length > 0)
    progress(`  AVISO: ${missing.length} arquivo(s) registrado(s) mas ausente(s): ${missing.slice(0, 5).join(", ")}`);
  return { count: keys.length - missing.length, bytes, missing };
}

function missingAsUndefined(err: unknown): undefined {
  if (err instanceof FileMissingError) return undefined;
  throw err;
}

/** The applied migrations, named by this build's journal where it knows them. */
async function migrationLevel(client: pg.ClientBase): Promise<BackupHeader["migrations"]> {
  const known = new Map(knownMigrations().map((m) => [m.hash, m.tag]));
  return (await appliedMigrations(client)).map((m) => ({ hash: m.hash, tag: known.get(m.hash) ?? null }));
}

/** The signing key in force: the environment's, the one kept in the database (decision 065), or an earlier version's file. */
async function credentialKeyOf(client: pg.ClientBase, fromEnvironment: string | undefined, legacy: string[]) {
  if (fromEnvironment) return { publicKey: publicKeyOf(fromEnvironment), from: "environment" as const };
  const file = legacy.find((f) => f.endsWith("credential-signing-key.pem"));
  if (file) return { publicKey: publicKeyOf(readFileSync(file, "utf8")), from: "data-dir" as const };
  const [kept] = await keptSecrets(client, "credential_signing_key");
  return kept ? { publicKey: publicKeyOf(kept), from: "database" as const } : null;
}

/** The values of `installation_secrets` rows named (none before migration 0012). */
export async function keptSecrets(client: pg.ClientBase, ...names: string[]): Promise<string[]> {
  if (!(await tableExists(client, "public", "installation_secrets"))) return [];
  const { rows } = await client.query<{ value: string }>(
    "select value from installation_secrets where name = any($1)",
    [names],
  );
  return rows.map((r) => r.value);
}

/** An earlier version's secret files, for each secret neither the environment nor the database holds. */
async function legacySecretFiles(client: pg.ClientBase, options: BackupOptions): Promise<string[]> {
  const files: string[] = [];
  for (const s of LEGACY_SECRETS) {
    const file = path.join(options.dataDir, s.file);
    if (options.environment[s.setting] || !existsSync(file)) continue;
    if ((await keptSecrets(client, s.row)).length === 0) files.push(file);
  }
  return files;
}

export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: "spki", format: "pem" }).toString();
}

/** The source's commit when the app runs from a git clone (as `npm start` does); null otherwise. */
function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}
