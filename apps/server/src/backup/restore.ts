import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createLogger } from "../logger";
import { createMailQueue } from "../mail/mail-queue";
import type { FileStorage } from "../storage/storage";
import { refuseOutsideCatalog, refuseOutsideOurSchemas } from "./allow-list";
import {
  ARCHIVE_FORMAT,
  type ArchiveEntry,
  BackupError,
  type BackupHeader,
  Digest,
  damagedArchive,
  type EntrySummary,
  HEADER_ENTRY,
  LEGACY_SECRETS,
  MANIFEST_ENTRY,
  type Manifest,
  readArchive,
  readJson,
  rowsText,
} from "./archive";
import { keptSecrets, publicKeyOf } from "./backup";
import { listTables, otherSessions, pgbossVersion, qualified, quoteIdent, SCHEMAS } from "./catalog";
import { isLeftOut } from "./left-out";
import { migrationMismatch, migrationsUpTo } from "./migration-level";
import { doneErasures, reapplyErasures } from "./reapply-erasures";

export interface RestoreOptions {
  file: string;
  databaseUrl: string;
  storage: FileStorage;
  /** The secrets the target's environment sets (they win over those the database restores, decision 065). */
  environment: { authSecret: string | undefined; credentialSigningKey: string | undefined };
  /** Where an earlier version's secret files go, for the first start to take into the database. */
  dataDir: string;
  force: boolean;
  progress?: (line: string) => void;
}

export interface RestoreResult {
  header: BackupHeader;
  manifest: Manifest;
  /** What a forced restore replaced (empty when the target was empty). */
  replaced: string[];
  /** Erasures the replaced installation had carried out and the archive had not: carried out again. */
  erasuresReapplied: number;
  warnings: string[];
}

/**
 * Puts an archive into the installation the options name (decision 067): refuses an archive naming a
 * table or sequence this version does not create (decision 081, allow-list.ts), a database a server is
 * connected to, and a non-empty one without `force`; recreates the schema with this build's migrations
 * up to the archive's level and pg-boss's own; then, in one transaction, loads every table with COPY …
 * FROM STDIN in the archive's order (parents first), writes the files, checks every entry against the
 * manifest (a mismatch rolls the database back), sets the sequences and carries out again the erasures
 * the replaced installation had done and the archive had not (decision 099); their files leave the
 * storage after the commit.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { progress = () => undefined } = options;
  const entries = readArchive(options.file);
  const header = await readHeader(entries);
  refuseOutsideOurSchemas(header);
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "portal-restore" });
  await client.connect();
  const written: string[] = [];
  try {
    const sessions = await otherSessions(client);
    if (sessions.count > 0) {
      throw new BackupError(
        `Há ${sessions.count} conexão(ões) com este banco de dados${sessions.names.length ? ` (${sessions.names.join(", ")})` : ""}: pare o servidor (todas as instâncias) antes de restaurar.`,
      );
    }
    const replaced = await contentsOf(client, options.storage);
    if (replaced.length > 0 && !options.force) {
      throw new BackupError(
        `A instalação de destino não está vazia (${replaced.join("; ")}). Restaure numa instalação vazia, ou use --force para a substituir.`,
      );
    }
    if (replaced.length > 0) progress(`Substitui: ${replaced.join("; ")}`);
    // The people erased here stay erased whatever the archive holds (decision 099).
    const erasures = await doneErasures(client);
    await dropOurSchemas(client);
    await createSchema(options.databaseUrl, header);
    progress(`Esquema criado: ${header.migrations.length} migrações`);

    await client.query("begin");
    const ours = await refuseOutsideCatalog(client, header);
    // The archive's tables, and those it never carries (their rows point at its tables).
    const cleared = new Set([...header.tables, ...ours.filter(isLeftOut)].map((t) => qualified(t.schema, t.name)));
    await client.query(`truncate ${[...cleared].join(", ")}`);

    const seen: Record<string, EntrySummary> = {};
    const legacy = new Map<string, Buffer>();
    let manifest: Manifest | undefined;
    let contentTypes: Map<string, string> | undefined;
    const tables = new Map(header.tables.map((t) => [t.entry, t]));
    for await (const entry of entries) {
      const table = tables.get(entry.name);
      if (table) {
        const copy = copyFrom(
          `copy ${qualified(table.schema, table.name)} (${table.columns.map(quoteIdent).join(", ")}) from stdin`,
        );
        const digest = new Digest();
        await pipeline(entry.stream, digest, client.query(copy));
        seen[entry.name] = digest.summary(copy.rowCount);
        progress(`  ${table.schema}.${table.name}: ${rowsText(copy.rowCount)}`);
      } else if (entry.name.startsWith("files/")) {
        const key = entry.name.slice("files/".length);
        contentTypes ??= await storedContentTypes(client);
        const { data, summary } = await readAll(entry.stream);
        await options.storage.put(key, data, contentTypes.get(key) ?? "application/octet-stream");
        written.push(key);
        seen[entry.name] = summary;
      } else if (entry.name.startsWith("legacy-secrets/")) {
        const { data, summary } = await readAll(entry.stream);
        legacy.set(entry.name.slice("legacy-secrets/".length), data);
        seen[entry.name] = summary;
      } else if (entry.name === MANIFEST_ENTRY) {
        manifest = await readJson<Manifest>(entry);
      } else {
        throw new BackupError(`Entrada desconhecida na cópia: ${entry.name}`);
      }
    }
    if (!manifest) throw new BackupError("A cópia está incompleta: falta o manifesto (o arquivo foi cortado?)");
    checkAgainstManifest(manifest, seen);
    for (const s of header.sequences) {
      await client.query("select setval($1, $2, $3)", [qualified(s.schema, s.name), s.lastValue, s.isCalled]);
    }
    const reapplied = await reapplyErasures(client, erasures);
    await client.query("commit");
    progress(`Arquivos: ${written.length}`);
    progress(`Exclusões de dados aplicadas de novo: ${reapplied.applied}`);

    if (replaced.length > 0) await removeOtherFiles(options.storage, new Set(written));
    const leftInStorage: string[] = [];
    for (const key of reapplied.deletedKeys) {
      await options.storage.delete(key).catch(() => leftInStorage.push(key));
    }
    const signingKeyFile = writeLegacySecrets(options, legacy);
    const warnings = await secretWarnings(client, options, header, signingKeyFile);
    if (leftInStorage.length > 0) {
      warnings.push(
        `Não foi possível excluir do armazenamento ${leftInStorage.length} arquivo(s) de pessoas excluídas (${leftInStorage.join(", ")}): exclua-os à mão.`,
      );
    }
    if (reapplied.notApplied.length > 0) {
      warnings.push(
        `A cópia é anterior às exclusões de dados: execute de novo, à mão, as exclusões n.º ${reapplied.notApplied.join(", ")} depois de iniciar o servidor.`,
      );
    }
    return { header, manifest, replaced, erasuresReapplied: reapplied.applied, warnings };
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    if (written.length > 0 && !options.force) {
      await Promise.all(written.map((k) => options.storage.delete(k).catch(() => undefined)));
    }
    throw damagedArchive(err);
  } finally {
    await client.end();
    // Let the archive's reader go, whatever was left unread.
    await entries.return(undefined).catch(() => undefined);
  }
}

async function readHeader(entries: AsyncGenerator<ArchiveEntry>): Promise<BackupHeader> {
  const first = await entries.next();
  if (first.done || first.value.name !== HEADER_ENTRY) throw new BackupError("Não é uma cópia deste sistema");
  const header = await readJson<BackupHeader>(first.value).catch((err) => {
    throw damagedArchive(err);
  });
  if (header.format !== ARCHIVE_FORMAT) throw new BackupError(`Formato de cópia desconhecido: ${header.format}`);
  const mismatch = migrationMismatch(header.migrations);
  if (mismatch) throw new BackupError(`Esta versão não pode restaurar a cópia: ${mismatch}`);
  return header;
}

/** What the target holds that a restore would replace; empty when there is nothing of value. */
async function contentsOf(client: pg.Client, storage: FileStorage): Promise<string[]> {
  const found: string[] = [];
  // Rows our schemas' own set-up creates (the first institute settings, the roles' two-factor defaults,
  // the retention period of personal data, pg-boss's bookkeeping) are not data.
  const setUp = new Set([
    "public.institute_settings",
    "public.staff_role_settings",
    "public.privacy_settings",
    "drizzle.__drizzle_migrations",
    "pgboss.version",
    "pgboss.queue",
    "pgboss.bam",
  ]);
  for (const t of await listTables(client)) {
    if (setUp.has(`${t.schema}.${t.name}`)) continue;
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${qualified(t.schema, t.name)}`);
    if (rows[0]!.n > 0) found.push(`${t.schema}.${t.name}: ${rowsText(rows[0]!.n)}`);
  }
  let files = 0;
  let bytes = 0;
  for await (const o of storage.list()) {
    files += 1;
    bytes += o.size;
  }
  if (files > 0) found.push(`${files} arquivos salvos (${(bytes / 1e6).toFixed(1)} MB)`);
  return found;
}

/** Our schemas go, so that the archive's migration level is recreated exactly (the target may be newer). */
async function dropOurSchemas(client: pg.Client): Promise<void> {
  for (const schema of SCHEMAS.filter((s) => s !== "public")) {
    await client.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
  }
  await client.query("drop schema if exists public cascade");
  await client.query("create schema public");
}

/** This build's migrations up to the archive's level, then pg-boss's schema and the mail queue. */
async function createSchema(databaseUrl: string, header: BackupHeader): Promise<void> {
  const folder = migrationsUpTo(header.migrations.length);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    await runMigrations(pool, folder);
    if (header.pgbossVersion === null) return;
    const mail = createMailQueue({ databaseUrl, db: createDb(pool), log: createLogger("silent") });
    await mail.start();
    await mail.stop();
    const client = await pool.connect();
    const version = await pgbossVersion(client).finally(() => client.release());
    if (version !== header.pgbossVersion) {
      throw new BackupError(
        `A fila de e-mails da cópia é da versão ${header.pgbossVersion} do pg-boss e este sistema usa a ${version}: restaure com a versão do sistema que fez a cópia`,
      );
    }
  } finally {
    await pool.end();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function storedContentTypes(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ storage_key: string; content_type: string }>(
    "select storage_key, content_type from stored_files",
  );
  return new Map(rows.map((r) => [r.storage_key, r.content_type]));
}

/** A stored file (at most a few MB: uploads are limited, decision 067) or a secret, whole. */
async function readAll(stream: Readable): Promise<{ data: Buffer; summary: EntrySummary }> {
  const digest = new Digest();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    digest.add(chunk);
    chunks.push(chunk);
  }
  return { data: Buffer.concat(chunks), summary: digest.summary() };
}

function checkAgainstManifest(manifest: Manifest, seen: Record<string, EntrySummary>): void {
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(manifest.entries)) {
    if (name === HEADER_ENTRY) continue;
    const got = seen[name];
    if (!got) problems.push(`${name} falta`);
    else if (got.sha256 !== expected.sha256 || got.bytes !== expected.bytes) problems.push(`${name} está danificado`);
    else if (expected.rows !== undefined && got.rows !== expected.rows) {
      problems.push(`${name}: ${got.rows} linhas em vez de ${expected.rows}`);
    }
  }
  for (const name of Object.keys(seen)) if (!(name in manifest.entries)) problems.push(`${name} não está no manifesto`);
  if (problems.length > 0) {
    throw new BackupError(
      `A cópia não confere com o seu manifesto (${problems.slice(0, 5).join("; ")}): o banco de dados não foi carregado.`,
    );
  }
}

/** After a forced restore, the files the replaced installation had and the archive has not. */
async function removeOtherFiles(storage: FileStorage, keep: Set<string>): Promise<void> {
  const stale: string[] = [];
  for await (const o of storage.list()) if (!keep.has(o.key)) stale.push(o.key);
  for (const key of stale) await storage.delete(key);
}

/**
 * The secrets travel in the database (`installation_secrets`, decision 065) unless the environment set
 * them: then the operator sets the same ones here, or, for the signing key, every credential issued
 * before stops verifying. Said when the key in force here will not be the archive's.
 */
async function secretWarnings(
  client: pg.Client,
  options: RestoreOptions,
  header: BackupHeader,
  signingKeyFile: string | undefined,
): Promise<string[]> {
  const warnings: string[] = [];
  const key = header.credentialKey;
  let here = options.environment.credentialSigningKey ?? signingKeyFile;
  if (!here) [here] = await keptSecrets(client, "credential_signing_key");
  if (key && (!here || publicKeyOf(here) !== key.publicKey)) {
    warnings.push(
      key.from === "environment"
        ? "A instalação copiada assinava as credenciais com CREDENTIAL_SIGNING_KEY do ambiente: defina aqui a mesma chave antes de iniciar o servidor, ou os certificados já emitidos deixam de verificar."
        : "CREDENTIAL_SIGNING_KEY deste ambiente não é a chave da cópia: retire-a (a cópia traz a sua) ou defina a da instalação copiada, ou os certificados já emitidos deixam de verificar.",
    );
  }
  // Sessions are never restored (decision 081), but the second factors are encrypted with AUTH_SECRET.
  const lockedOut =
    "ou a equipe com verificação em dois passos deixa de conseguir entrar (os seus segredos estão cifrados com ele)";
  if (header.authSecretFromEnvironment && !options.environment.authSecret) {
    warnings.push(
      `AUTH_SECRET vinha do ambiente: defina aqui o mesmo valor antes de iniciar o servidor, ${lockedOut}.`,
    );
  } else if (!header.authSecretFromEnvironment && options.environment.authSecret) {
    const [restored] = await keptSecrets(client, "auth_secret");
    if (restored !== undefined && restored !== options.environment.authSecret) {
      warnings.push(
        `AUTH_SECRET deste ambiente não é o segredo da cópia: retire-o (a cópia traz o seu), ${lockedOut}.`,
      );
    }
  }
  return warnings;
}

/**
 * An earlier version's secret files (the archive carries them while the database kept none) go into
 * DATA_DIR, where the first start takes them into the database (decision 065); none the environment
 * overrides. Answers the signing key so written.
 */
function writeLegacySecrets(options: RestoreOptions, legacy: Map<string, Buffer>): string | undefined {
  let signingKey: string | undefined;
  for (const s of LEGACY_SECRETS) {
    const data = legacy.get(s.file);
    if (!data || options.environment[s.setting]) continue;
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(path.join(options.dataDir, s.file), data, { mode: 0o600 });
    chmodSync(path.join(options.dataDir, s.file), 0o600);
    if (s.setting === "credentialSigningKey") signingKey = data.toString("utf8");
  }
  return signingKey;
}
