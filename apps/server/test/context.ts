import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type AppOptions, createApp } from "../src/app";
import { createAuth } from "../src/auth/auth";
import { type Config, loadConfig } from "../src/config";
import { createDb, createPool, type Database } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import type { AppDeps } from "../src/http/env";
import { createLogger } from "../src/logger";
import { createMailer } from "../src/mail/mailer";
import { createDiskStorage } from "../src/storage/disk";

export const TEST_BASE_URL = "http://localhost:3999";

export interface TestContext {
  app: ReturnType<typeof createApp>;
  db: Database;
  pool: pg.Pool;
  deps: AppDeps;
  config: Config;
  databaseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A URL to the same server with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Creates a database on the run's PostgreSQL: empty, or with `migrated` a copy of the run's migrated
 * template (test/global-setup.ts), which is much faster than migrating each one.
 */
export async function createFreshDatabase({ migrated = false } = {}): Promise<string> {
  const base = inject("databaseUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${migrated ? ` template ${inject("migratedTemplate")}` : ""}`);
  await admin.end();
  return withDatabase(base, name);
}

/** The real app on a fresh, migrated database of its own, with disk storage and the outbox in a temp DATA_DIR. */
export async function createTestContext(
  overrides: Partial<Record<string, string>> = {},
  options: AppOptions = {},
): Promise<TestContext> {
  const databaseUrl = await createFreshDatabase({ migrated: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "server-test-data-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    BASE_URL: TEST_BASE_URL,
    LOG_LEVEL: "silent",
    ...overrides,
  });
  const log = createLogger(config.logLevel);
  const pool = createPool(databaseUrl);
  await runMigrations(pool);
  const db = createDb(pool);
  const mailer = createMailer(config, log);
  const deps: AppDeps = {
    config,
    db,
    pool,
    databaseKind: "external",
    storage: createDiskStorage(path.join(dataDir, "files")),
    mailer,
    auth: createAuth(config, db, mailer, log),
    log,
  };
  const app = createApp(deps, { checkAnswers: true, ...options });
  return {
    app,
    db,
    pool,
    deps,
    config,
    databaseUrl,
    dataDir,
    async close() {
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A response's JSON body, typed loosely for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
export async function body(res: Response): Promise<any> {
  return res.json();
}
