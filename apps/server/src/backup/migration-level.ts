import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder } from "../db/migrate";

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

function journalOf(folder: string): Journal {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}

/** This build's migrations, oldest first: the SHA-256 drizzle records for each, and its tag. */
export function knownMigrations(folder = migrationsFolder()): { hash: string; tag: string; when: number }[] {
  const journal = journalOf(folder);
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    hash: m.hash,
    tag: journal.entries[i]!.tag,
    when: m.folderMillis,
  }));
}

/**
 * Why this build cannot recreate the archive's schema, or undefined when it can: the archive's migrations
 * must be this build's first ones, byte for byte.
 */
export function migrationMismatch(archived: { hash: string; tag: string | null }[]): string | undefined {
  const known = knownMigrations();
  if (archived.length > known.length) {
    return `a cópia tem ${archived.length} migrações e esta versão só conhece ${known.length}: restaure com a versão do sistema que a fez (ou mais recente)`;
  }
  const differs = archived.findIndex((m, i) => m.hash !== known[i]!.hash);
  if (differs >= 0) {
    return `a migração ${differs + 1} (${archived[differs]!.tag ?? "?"}) da cópia não é a desta versão (${known[differs]!.tag})`;
  }
  return undefined;
}

/**
 * The tables (`schema.name`) this build's first `count` migrations create, as drizzle-kit recorded them in
 * the snapshot it wrote beside the last of them.
 */
export function tablesCreatedBy(count: number): Set<string> {
  const folder = migrationsFolder();
  const last = journalOf(folder).entries[count - 1];
  if (!last) return new Set();
  const file = path.join(folder, "meta", `${String(last.idx).padStart(4, "0")}_snapshot.json`);
  const snapshot = JSON.parse(readFileSync(file, "utf8")) as { tables: Record<string, unknown> };
  return new Set(Object.keys(snapshot.tables));
}

/** A migrations folder holding only the first `count` migrations (removed by the caller). */
export function migrationsUpTo(count: number): string {
  const source = migrationsFolder();
  const folder = mkdtempSync(path.join(os.tmpdir(), "restore-migrations-"));
  const journal = journalOf(source);
  const entries = journal.entries.slice(0, count);
  mkdirSync(path.join(folder, "meta"));
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) cpSync(path.join(source, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return folder;
}
