import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../src/db/embedded";
import { createLogger } from "../src/logger";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One PostgreSQL per run: DATABASE_URL when set, otherwise an embedded server under the OS temp dir. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("databaseUrl", process.env.DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "server-tests-pg-"));
  chmodSync(dir, 0o755);
  // A throw-away cluster: commits need not wait for the disk (only this cluster; not the ones tests start).
  process.env.EMBEDDED_POSTGRES_FSYNC = "off";
  const embedded = await startEmbeddedPostgres(dir, createLogger("warn")).finally(() => {
    delete process.env.EMBEDDED_POSTGRES_FSYNC;
  });
  project.provide("databaseUrl", embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
