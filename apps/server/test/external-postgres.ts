import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort, postgresUserIds, startEmbeddedPostgres } from "../src/db/embedded";
import { createLogger } from "../src/logger";

/** Debian's PostgreSQL 15 (`apt-get install postgresql-15`): the oldest version the README promises. */
export const DEBIAN_POSTGRES_15 = "/usr/lib/postgresql/15/bin";

export interface ExternalPostgres {
  url: string;
  /** `server_version`, e.g. "15.18 (Debian 15.18-0+deb12u1)" or "17.6". */
  version: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL server of its own under `dir`, as an operator's DATABASE_URL names one: Debian's 15 when it
 * is installed (so the oldest supported version is what the app runs on), otherwise the embedded 17.
 * A throw-away cluster: commits do not wait for the disk. As root, every folder above `dir` must let the
 * `postgres` user through (mode o+x), as for the embedded one.
 */
export async function startExternalPostgres(dir: string): Promise<ExternalPostgres> {
  chmodSync(dir, 0o755);
  if (!existsSync(path.join(DEBIAN_POSTGRES_15, "postgres"))) {
    process.env.EMBEDDED_POSTGRES_FSYNC = "off";
    const embedded = await startEmbeddedPostgres(dir, createLogger("warn")).finally(() => {
      delete process.env.EMBEDDED_POSTGRES_FSYNC;
    });
    return { url: embedded.url, version: await serverVersion(embedded.url), stop: embedded.stop };
  }

  // As root, PostgreSQL's programs run as the `postgres` user, which must own the cluster's folder.
  const ids = postgresUserIds();
  const pgDir = path.join(dir, "postgres-15");
  mkdirSync(pgDir, { mode: 0o700 });
  if (ids.uid !== undefined) chownSync(pgDir, ids.uid, ids.gid!);
  execFileSync(
    path.join(DEBIAN_POSTGRES_15, "initdb"),
    ["-D", pgDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"],
    { ...ids, cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await freePort();
  const child = spawn(
    path.join(DEBIAN_POSTGRES_15, "postgres"),
    [
      ...["-D", pgDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      ...["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
    ],
    { ...ids, cwd: dir, stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntilAccepting(url, child);
  return {
    url,
    version: await serverVersion(url),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT"); // fast shutdown
      await exited;
    },
  };
}

async function waitUntilAccepting(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL 15 stopped at start (exit code ${child.exitCode})`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error("PostgreSQL 15 did not accept connections within 30 s");
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  } finally {
    await client.end();
  }
}
