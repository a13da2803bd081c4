import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

/**
 * The backup archive (decision 067): one gzip-compressed tar, readable with `tar -tzvf`, whose entries are
 *   backup.json             what restore needs before the data: format, app, migration level, tables, sequences
 *   db/<schema>.<table>.copy  each table's rows in PostgreSQL's COPY text format, parents before children
 *   files/<storage key>      every stored file the database names
 *   legacy-secrets/<file>    an earlier version's DATA_DIR secret file, while the database keeps none yet
 *   manifest.json           written last: rows, bytes and SHA-256 of every entry above
 */
export const ARCHIVE_FORMAT = "instituto-backup/1";
export const HEADER_ENTRY = "backup.json";
export const MANIFEST_ENTRY = "manifest.json";

/** A refusal or a damaged archive, said to the operator as it is (the commands print the message only). */
export class BackupError extends Error {}

export interface TableInfo {
  schema: string;
  name: string;
  /** The columns written (generated columns are computed again on restore). */
  columns: string[];
  /** The archive entry with its rows. */
  entry: string;
}

export interface SequenceInfo {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupHeader {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  /** The git commit the app ran from, when it ran from a clone. */
  app: { commit: string | null; node: string };
  database: { kind: "embedded" | "external"; serverVersion: string };
  /** drizzle's migrations applied in the source database, oldest first (their SHA-256 and the journal's tag). */
  migrations: { hash: string; tag: string | null }[];
  /** pg-boss's schema version (the `pgboss.version` row): restore needs the same pg-boss. */
  pgbossVersion: number | null;
  tables: TableInfo[];
  sequences: SequenceInfo[];
  storage: "disk" | "s3";
  /**
   * The public half of the key that signed the certificates' credentials, and where the key came from: the
   * database (`installation_secrets`, in the archive) or the environment (kept by the operator, not in it).
   */
  credentialKey: { publicKey: string; from: "database" | "environment" | "data-dir" } | null;
  /** Whether AUTH_SECRET came from the environment (then it is not in the archive). */
  authSecretFromEnvironment: boolean;
}

export interface EntrySummary {
  bytes: number;
  sha256: string;
  /** For a table: the rows COPY wrote. */
  rows?: number;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  finishedAt: string;
  counts: { tables: number; rows: number; files: number; fileBytes: number; missingFiles: string[] };
  entries: Record<string, EntrySummary>;
}

/** Counts and hashes the bytes flowing through it. */
export class Digest extends Transform {
  private readonly hash = createHash("sha256");
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.add(chunk);
    done(null, chunk);
  }
  /** Counts a chunk read elsewhere (iterating a stream directly keeps its errors; `pipe` would drop them). */
  add(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }
  summary(rows?: number): EntrySummary {
    return { bytes: this.bytes, sha256: this.hash.digest("hex"), ...(rows === undefined ? {} : { rows }) };
  }
}

/** Writes the archive to `file` as entries are added; memory holds one chunk at a time. */
export interface ArchiveWriter {
  /** An entry of `size` bytes streamed from `source`; rejects when the source gives another length. */
  addStream(name: string, size: number, source: Readable): Promise<EntrySummary>;
  addJson(name: string, value: unknown): Promise<EntrySummary>;
  /** Finishes the tar and the gzip and closes the file. */
  close(): Promise<void>;
  /** Stops writing after a failure; the partial file is the caller's to remove. */
  abort(): Promise<void>;
}

export function writeArchive(file: string): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(file, { flags: "wx", mode: 0o600 }));
  // Surfaced by the next add or by close(); kept from being an unhandled rejection meanwhile.
  written.catch(() => undefined);
  const mtime = new Date();

  async function addStream(name: string, size: number, source: Readable): Promise<EntrySummary> {
    const digest = new Digest();
    const entry = pack.entry({ name, size, mode: 0o600, mtime });
    const finished = new Promise<void>((resolve, reject) => {
      entry.once("error", reject);
      entry.once("finish", resolve);
      entry.once("close", resolve);
    });
    finished.catch(() => undefined); // awaited below; a failure before then is thrown from the loop
    try {
      for await (const chunk of source) {
        digest.add(chunk);
        if (!entry.write(chunk)) await Promise.race([once(entry, "drain"), written]);
      }
      if (digest.bytes !== size) throw new Error(`${name}: expected ${size} bytes, read ${digest.bytes}`);
    } catch (err) {
      // A tar entry cannot be left half-written: the whole archive is abandoned (abort()).
      entry.destroy(err as Error);
      throw err;
    }
    entry.end(() => undefined);
    await Promise.race([finished, written]);
    return digest.summary();
  }

  return {
    addStream,
    addJson(name, value) {
      const data = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
      return addStream(name, data.length, streamOf(data));
    },
    async close() {
      pack.finalize();
      await written;
    },
    async abort() {
      pack.destroy();
      await written.catch(() => undefined);
    },
  };
}

function streamOf(data: Buffer): Readable {
  return Readable.from([data]);
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's content; read it fully (or call `skip`) before asking for the next entry. */
  stream: Readable;
}

/** Reads the archive entry by entry, streaming; rejects on a damaged gzip or tar. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const fed = pipeline(createReadStream(file), createGunzip(), extract);
  fed.catch(() => undefined);
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, stream: entry as unknown as Readable };
      entry.resume(); // whatever the caller left unread
    }
    await fed;
  } catch (err) {
    throw damagedArchive(err);
  }
}

/**
 * A gzip or tar error (reported by the generator, or by an entry's stream to whoever reads it) said as a
 * damaged archive; any other error as it is.
 */
export function damagedArchive(err: unknown): unknown {
  const e = err as Error & { code?: string };
  if (!(e instanceof Error) || e instanceof BackupError) return err;
  if (!e.code?.startsWith("Z_") && !/tar header|end of data/i.test(e.message)) return err;
  return new BackupError(`A cópia está danificada ou incompleta (${e.message}): não é um tar.gz inteiro`);
}

/** A whole (small) entry as JSON. */
export async function readJson<T>(entry: ArchiveEntry): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.stream) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as T;
}

export const tableEntry = (schema: string, name: string) => `db/${schema}.${name}.copy`;
export const fileEntry = (key: string) => `files/${key}`;

/**
 * The DATA_DIR files an earlier version kept its secrets in (decision 065), by the setting each holds and
 * the `installation_secrets` row that replaces it: the first start of this version copies a file into the
 * database, so an archive carries one only while that has not happened yet.
 */
export const LEGACY_SECRETS = [
  { file: "auth-secret", setting: "authSecret", row: "auth_secret" },
  { file: "credential-signing-key.pem", setting: "credentialSigningKey", row: "credential_signing_key" },
] as const;
export const legacySecretEntry = (file: string) => `legacy-secrets/${file}`;

/** "1 linha", "3 linhas". */
export const rowsText = (n: number) => `${n} ${n === 1 ? "linha" : "linhas"}`;
