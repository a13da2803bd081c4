import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../src/db/client";
import { startEmbeddedPostgres } from "../src/db/embedded";
import { runMigrations } from "../src/db/migrate";
import { createLogger } from "../src/logger";
import { createMailQueue } from "../src/mail/mail-queue";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database migrated once per run: each test context is a copy of it (CREATE DATABASE … TEMPLATE). */
    migratedTemplate: string;
  }
}

/** One PostgreSQL per run: DATABASE_URL when set, otherwise an embedded server under the OS temp dir. */
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "server-tests-pg-"));
    chmodSync(dir, 0o755);
    // A throw-away cluster: commits need not wait for the disk (only this cluster; not the ones tests start).
    process.env.EMBEDDED_POSTGRES_FSYNC = "off";
    const embedded = await startEmbeddedPostgres(dir, createLogger("warn")).finally(() => {
      delete process.env.EMBEDDED_POSTGRES_FSYNC;
    });
    databaseUrl = embedded.url;
    stopServer = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = `test_template_${randomBytes(4).toString("hex")}`;
  await onServer(databaseUrl, `create database ${template}`);
  const templateUrl = inDatabase(databaseUrl, template);
  const pool = new pg.Pool({ connectionString: templateUrl });
  await runMigrations(pool);
  // The suite's installation is an existing one (decision 076): no role requires two-factor sign-in,
  // so the other modules' tests sign in with a password only; two-factor.test.ts turns it on.
  await pool.query("update staff_role_settings set two_factor_required = false");
  // pg-boss's schema and the e-mail queue too, so that each test's queue starts on them at once.
  const mail = createMailQueue({ databaseUrl: templateUrl, db: createDb(pool), log: createLogger("warn") });
  await mail.start();
  await mail.stop();
  await pool.end();
  project.provide("databaseUrl", databaseUrl);
  project.provide("migratedTemplate", template);
  return async () => {
    await onServer(databaseUrl, `drop database if exists ${template}`).catch(() => {});
    await stopServer();
  };
}

function inDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
