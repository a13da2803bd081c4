import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import pg from "pg";

/** The e2e server's DATA_DIR (set by playwright.config.ts). */
export const dataDir = process.env.E2E_DATA_DIR!;
const root = path.resolve(import.meta.dirname, "../../../..");

/** Runs the real `create-admin` command against the running e2e server's embedded PostgreSQL. */
export function createAdmin(email: string, password: string, name: string, role = "super_admin"): string {
  return execFileSync(
    "node",
    ["apps/server/dist/create-admin.js", "--email", email, "--password", password, "--name", name, "--role", role],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BASE_URL: "", LOG_LEVEL: "silent" } },
  ).toString();
}

/** The newest message in DATA_DIR/outbox sent to `to` (the server has no SMTP in e2e), if there is one. */
function newestMailTo(to: string): string | undefined {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return undefined;
  for (const f of readdirSync(outbox).sort().reverse()) {
    const eml = readFileSync(path.join(outbox, f), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (eml.includes(`To: ${to}`)) return eml;
  }
  return undefined;
}

/**
 * The newest message sent to `to`, once the server's mail queue has written it to the outbox: a
 * request only enqueues its e-mail, the worker sends it moments later (decision 056).
 */
export async function lastMailTo(to: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => (found = newestMailTo(to)), { message: `an e-mail to ${to} in the outbox`, timeout: 15_000 })
    .toBeDefined();
  return found!;
}

/**
 * A direct connection to the e2e server's embedded PostgreSQL (or to that of another server's `dir`),
 * for setting up what a later issue's screens will do.
 */
export async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>, dir = dataDir): Promise<T> {
  const pidFile = readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const password = readFileSync(path.join(dir, "postgres-password"), "utf8").trim();
  const client = new pg.Client({
    host: "127.0.0.1",
    port: Number(pidFile[3]),
    user: "postgres",
    password,
    database: "postgres",
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
