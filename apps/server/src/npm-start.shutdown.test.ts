import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRunningServer, freePort } from "./db/embedded";

/**
 * Issue 24 / decision 066: `npm start` (npm → sh → node, as the README runs it) in a process group of its
 * own, stopped as systemd and Docker stop it: SIGTERM to the whole group while a request is still being
 * uploaded (the third time to npm alone, as Docker does). The request completes, 'stopped' is logged, and
 * every process of the group and the embedded PostgreSQL are gone. Three times on the same DATA_DIR, which
 * also shows the data kept.
 */

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every process whose process group is `pgid` (Linux /proc: field 5 of stat, after the command's parentheses). */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") members.push(Number(entry));
    } catch {} // gone meanwhile
  }
  return members;
}

/** Alive and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** A fresh shell's environment: none of the npm_* variables of the npm that may have started vitest. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("npm_")));
  return { ...env, ...extra };
}

/** POST /api/auth/sign-up whose body is sent in two halves: the second only when `release` is called. */
function slowSignUp(port: number, email: string) {
  const payload = Buffer.from(JSON.stringify({ fullName: "Pessoa Em Curso", email, password: "segredo1" }));
  let release: () => void = () => {};
  let started: () => void = () => {};
  const headersRead = new Promise<void>((resolve) => {
    started = resolve;
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/auth/sign-up",
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": payload.length,
          origin: `http://127.0.0.1:${port}`,
          expect: "100-continue",
        },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    // The server answered 100 Continue: it has read the headers, the request is in flight.
    req.on("continue", () => {
      req.write(payload.subarray(0, 10));
      started();
    });
    release = () => req.end(payload.subarray(10));
  });
  return { headersRead, release: () => release(), answer };
}

async function signUp(port: number, email: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ fullName: "Pessoa Teste", email, password: "segredo1" }),
  });
  return res.status;
}

describe.runIf(process.platform === "linux")("SIGTERM to the process group of `npm start`", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "npm-start-"));
  chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, "postgres");
  let npm: ChildProcess | undefined;

  beforeAll(() => {
    // `npm start` builds only what is missing: build the server now so it runs this code, not an old bundle.
    execFileSync("npm", ["run", "build", "-w", "apps/server"], { cwd: repoRoot, stdio: "ignore", env: cleanEnv({}) });
  }, 60_000);

  afterAll(() => {
    if (npm?.pid) {
      for (const pid of groupMembers(npm.pid)) process.kill(pid, "SIGKILL");
    }
    const left = findRunningServer(pgDir);
    if (left) process.kill(left.pid, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes the request in flight, logs 'stopped' and leaves no process, three times, keeping the data", async () => {
    for (let run = 1; run <= 3; run++) {
      const port = await freePort();
      let output = "";
      npm = spawn("npm", ["start"], {
        cwd: repoRoot,
        detached: true, // its own process group (and session), as a service manager starts it
        stdio: ["ignore", "pipe", "pipe"],
        env: cleanEnv({
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: "",
          BASE_URL: "",
          DEMO_DATA: "false",
          LOG_LEVEL: "info",
          WEB_DIST: dataDir,
        }),
      });
      const child = npm;
      child.stdout!.on("data", (c) => {
        output += c;
      });
      child.stderr!.on("data", (c) => {
        output += c;
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      const pgid = child.pid!;

      const deadline = Date.now() + 90_000;
      let up = false;
      while (!up && Date.now() < deadline && child.exitCode === null) {
        up = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (!up) await sleep(200);
      }
      expect(up, `npm start did not come up:\n${output.slice(-3000)}`).toBe(true);
      const postgres = findRunningServer(pgDir);
      expect(postgres).toBeDefined();
      const members = groupMembers(pgid);
      expect(members).toContain(pgid); // npm itself, and the server's node below it

      // Earlier runs' accounts are still there; this run's is new.
      for (let earlier = 1; earlier < run; earlier++) expect(await signUp(port, `antes${earlier}@inst.ao`)).toBe(409);
      expect(await signUp(port, `antes${run}@inst.ao`)).toBe(201);

      // A request in flight when the signal comes: its body is not all there yet.
      const upload = slowSignUp(port, `em-curso${run}@inst.ao`);
      await upload.headersRead;
      // Runs 1 and 2: the whole group (systemd, a terminal's Ctrl+C). Run 3: npm alone, as `docker stop` signals
      // only PID 1; npm passes it on to its child, which must be the server itself (`exec` in the start script).
      process.kill(run === 3 ? pgid : -pgid, "SIGTERM");
      while (!output.includes("shutting down: finishing in-flight requests") && Date.now() < deadline) await sleep(50);
      upload.release();
      expect((await upload.answer).status).toBe(201);

      // Within the bound, everything is gone: every process of the group and the embedded PostgreSQL.
      await exited;
      const gone = Date.now() + 30_000;
      while ((groupMembers(pgid).length > 0 || running(postgres!.pid)) && Date.now() < gone) await sleep(100);
      expect(groupMembers(pgid), output.slice(-3000)).toEqual([]);
      expect(members.filter(running)).toEqual([]);
      expect(running(postgres!.pid)).toBe(false);
      expect(findRunningServer(pgDir)).toBeUndefined();
      const messages = output
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(messages.at(-1)?.msg).toBe("stopped");
      // No step was late, nothing failed (a warning at start, BASE_URL on loopback, is not ours to check here).
      expect(messages.filter((m) => m.level >= 50 || m.msg.startsWith("shutdown:")).map((m) => m.msg)).toEqual([]);
    }
  }, 240_000);
});
