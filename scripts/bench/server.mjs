// The production build on a throw-away embedded PostgreSQL, for the volume and mixed-day benches: start it,
// reach its database, run create-admin on it, sample its memory, stop it (which stops its PostgreSQL too).
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { root } from "../ensure-built.mjs";
import { request } from "./http.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The PID of the server's PostgreSQL (line 1 of its postmaster.pid), or undefined when it is not running. */
function postmasterPid(dataDir) {
  try {
    return Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** The connection string of the embedded PostgreSQL a server started in `dataDir` (port from postmaster.pid). */
function embeddedDatabaseUrl(dataDir) {
  const lines = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/postgres`;
}

/**
 * Starts apps/server/dist/main.js on its own DATA_DIR and a free port; resolves when /api/health answers.
 * `beside`: a second instance of that (running) server, the two-instance set-up on one machine: the same
 * PostgreSQL (its DATABASE_URL), BASE_URL and files folder (standing in for the shared bucket); stopping
 * it leaves them to the first.
 */
export async function startBenchServer({ demoData = false, env = {}, beside } = {}) {
  const dataDir = beside?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  chmodSync(dataDir, 0o755);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: beside ? embeddedDatabaseUrl(dataDir) : "",
      BASE_URL: beside?.base ?? base,
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ? "info" : "warn",
      DEMO_DATA: demoData && !beside ? "true" : "false",
      ...env,
    },
    // BENCH_SERVER_LOG=file keeps the server's own log (JSON lines on stdout) there.
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let up = false;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    try {
      if ((await request(base, "GET", "/api/health")).status === 200) {
        up = true;
        break;
      }
    } catch {}
    await sleep(200);
  }
  if (!up) throw new Error("the server did not start (see its log above)");
  return {
    base,
    dataDir,
    pid: child.pid,
    /** False for a second instance: the PostgreSQL it uses is the first one's. */
    ownsDatabase: !beside,
    /** A connection to the server's own embedded PostgreSQL (port from postmaster.pid). */
    async database() {
      const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
      await client.connect();
      return client;
    },
    /** `npm run create-admin -- …args` on this server's database (staff.mjs makes the benches' staff with it). */
    createAdmin(args) {
      const made = spawnSync(process.execPath, ["apps/server/dist/create-admin.js", ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BASE_URL: "", LOG_LEVEL: "warn" },
        encoding: "utf8",
      });
      if (made.status !== 0) throw new Error(`create-admin failed: ${made.stderr}`);
    },
    /**
     * SIGTERM: the server finishes what is in flight and stops its PostgreSQL; then the folder goes. A
     * server still busy after 20 s (a list computing for minutes holds its event loop) is killed, and its
     * PostgreSQL given a fast shutdown (SIGINT to the postmaster) so that nothing is left running.
     */
    async stop() {
      const postmaster = beside ? undefined : postmasterPid(dataDir);
      if (child.exitCode === null) child.kill("SIGTERM");
      const done = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
      if (!done) {
        child.kill("SIGKILL");
        await exited;
        if (postmaster) {
          try {
            process.kill(postmaster, "SIGINT");
            while (process.kill(postmaster, 0)) await sleep(200);
          } catch {}
        }
      }
      if (!beside) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's resident memory (MB) now, from /proc. */
export function rssMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const TICKS = 100; // USER_HZ on Linux

/** utime, stime and (with `children`) the reaped children's times of a process, in seconds; 0 once gone. */
function cpuOf(pid, children = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return (utime + stime + (children ? cutime + cstime : 0)) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the server process (with its password hasher) and by its PostgreSQL (the postmaster, the backends
 * it has reaped, and the ones alive): with the wall time, how much of the machine the bench really got. A second
 * instance counts its own process and hasher only (the PostgreSQL is the first one's).
 */
export function cpuSeconds(server) {
  const postmaster = server.ownsDatabase ? postmasterPid(server.dataDir) : undefined;
  let postgres = postmaster ? cpuOf(postmaster, true) : 0;
  let node = cpuOf(server.pid);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      if (postmaster && ppid === postmaster) postgres += cpuOf(entry);
      // The server's other child: its password hasher (decision 068).
      else if (ppid === server.pid && Number(entry) !== postmaster) node += cpuOf(entry);
    } catch {}
  }
  return { node, postgres };
}

/** Samples the server's RSS every `everyMs` until stop() is called; stop() returns { peakMB, startMB }. */
export function sampleMemory(pid, everyMs = 25) {
  const startMB = rssMB(pid);
  let peakMB = startMB;
  const timer = setInterval(() => {
    try {
      peakMB = Math.max(peakMB, rssMB(pid));
    } catch {}
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      try {
        peakMB = Math.max(peakMB, rssMB(pid));
      } catch {}
      return { startMB: Math.round(startMB), peakMB: Math.round(peakMB) };
    },
  };
}
