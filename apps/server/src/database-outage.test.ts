import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  binaries,
  type EmbeddedDatabase,
  findRunningServer,
  freePort,
  postgresUserIds,
  startEmbeddedPostgres,
} from "./db/embedded";
import { createLogger } from "./logger";

/**
 * Issue 21, item 1: the REAL server process on an external PostgreSQL that is stopped with
 * `pg_ctl stop -m fast` under a steady stream of requests, then started again on the same port.
 */

const serverDir = path.resolve(import.meta.dirname, "..");
const UNAVAILABLE = "O serviço está temporariamente indisponível. Tente novamente em alguns instantes.";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = "catalogue" | "health" | "sign-in" | "write";
interface Outcome {
  kind: Kind;
  started: number;
  ms: number;
  status: number; // 0: no answer within 12 s, or the connection failed
  code?: string;
  message?: string;
  retryAfter: string | null;
  studentCode?: string;
}

describe("an external PostgreSQL restarted under load", () => {
  const pgHome = mkdtempSync(path.join(os.tmpdir(), "outage-pg-"));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "outage-data-"));
  chmodSync(pgHome, 0o755);
  const pgDir = path.join(pgHome, "postgres");
  let database: EmbeddedDatabase;
  let port: number;
  let server: ChildProcess;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let output = "";

  beforeAll(async () => {
    database = await startEmbeddedPostgres(pgHome, createLogger("warn"));
    port = await freePort();
    server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: "",
        SMTP_URL: "",
        TRUST_PROXY: "true", // each request names its own client address, so no sign-in limit is met
        LOG_LEVEL: "warn",
        WEB_DIST: dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk) => {
      output += chunk;
    });
    server.stderr!.on("data", (chunk) => {
      output += chunk;
    });
    server.once("exit", (code, signal) => {
      exit = { code, signal };
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !exit) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {}
      await sleep(200);
    }
    throw new Error(`the server did not come up:\n${output}`);
  }, 90_000);

  afterAll(async () => {
    if (server && !exit) {
      const done = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await done;
    }
    const left = findRunningServer(pgDir);
    if (left) process.kill(left.pid, "SIGINT");
    await sleep(500);
    rmSync(pgHome, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("says at start that BASE_URL is a loopback address (started without it), as every certificate would carry it", () => {
    // The same real process: main.ts logs it once (decision 049); base-url.test.ts checks the message itself.
    const warnings = output.split("\n").filter((line) => line.includes("BASE_URL is a loopback address"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, baseUrl: `http://localhost:${port}` });
  });

  it("says at start that, without SMTP_URL, e-mail stays in this instance's own outbox (DATABASE_URL: one per instance)", () => {
    // The same real process; config.test.ts checks the message without DATABASE_URL (decision 065).
    const warnings = output.split("\n").filter((line) => line.includes("SMTP_URL is not set"));
    expect(warnings).toHaveLength(1);
    const warning = JSON.parse(warnings[0]!);
    expect(warning).toMatchObject({ level: 40, outbox: path.join(dataDir, "outbox") });
    expect(warning.msg).toContain("every instance writes into its own folder");
  });

  it("answers 503 in Portuguese during the outage, stays up, and recovers by itself with nothing half-written", async () => {
    const base = `http://127.0.0.1:${port}/api`;
    let address = 0;
    const nextAddress = () => {
      address++;
      return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    };
    let phone = 0;
    const jsonPost = (body: unknown) => ({
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
      body: JSON.stringify(body),
    });

    // The student who keeps signing in.
    const created = await fetch(`${base}/student-accounts`, jsonPost(newStudent()));
    expect(created.status).toBe(201);
    const student = (await created.json()) as { studentCode: string; studentPassword: string };

    function newStudent() {
      phone++;
      return { studentName: "Aluno Da Rede", studentPhone: `923${String(phone).padStart(6, "0")}`, hasEmail: false };
    }

    const requests: Record<Kind, () => [string, RequestInit]> = {
      catalogue: () => [`${base}/courses/catalog`, {}],
      health: () => [`${base}/health`, {}],
      "sign-in": () => [
        `${base}/auth/student/sign-in`,
        jsonPost({ code: student.studentCode, password: student.studentPassword }),
      ],
      write: () => [`${base}/student-accounts`, jsonPost(newStudent())],
    };

    const outcomes: Outcome[] = [];
    let running = true;
    async function worker(kind: Kind, pauseMs: number) {
      while (running) {
        const [url, init] = requests[kind]();
        const started = Date.now();
        const outcome: Outcome = { kind, started, ms: 0, status: 0, retryAfter: null };
        try {
          const res = await fetch(url, { ...init, signal: AbortSignal.timeout(12_000) });
          outcome.status = res.status;
          outcome.retryAfter = res.headers.get("retry-after");
          const body = (await res.json()) as { error?: { code: string; message: string }; studentCode?: string };
          outcome.code = body.error?.code;
          outcome.message = body.error?.message;
          outcome.studentCode = body.studentCode;
        } catch {}
        outcome.ms = Date.now() - started;
        outcomes.push(outcome);
        await sleep(pauseMs);
      }
    }
    const workers = [
      worker("catalogue", 20),
      worker("health", 50),
      worker("sign-in", 50),
      worker("sign-in", 50),
      worker("write", 50),
    ];
    const ok = (o: Outcome) => o.status === 200 || (o.kind === "write" && o.status === 201);
    const between = (from: number, to: number) => outcomes.filter((o) => o.started >= from && o.started < to);

    // Before: everything answers.
    await sleep(1500);
    const beforeStop = Date.now();
    expect(between(0, beforeStop).every(ok)).toBe(true);

    // Sign-ins and new accounts count an attempt in rate_limits first: holding that table makes them
    // wait inside their transaction, so the stop surely finds connections the server has checked out.
    const locker = new pg.Client({ connectionString: database.url });
    locker.on("error", () => undefined);
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table rate_limits in exclusive mode");
    const waiting = async () =>
      (await locker.query<{ n: number }>("select count(*)::int as n from pg_locks where not granted")).rows[0]!.n;
    const lockDeadline = Date.now() + 10_000;
    while ((await waiting()) === 0 && Date.now() < lockDeadline) await sleep(50);
    expect(await waiting()).toBeGreaterThan(0);

    // PostgreSQL stops (a managed database's maintenance restart).
    const ctl = (await binaries()).pg_ctl;
    const ids = postgresUserIds();
    execFileSync(ctl, ["stop", "-D", pgDir, "-m", "fast", "-w"], { ...ids, stdio: "ignore" });
    const stopped = Date.now();
    await locker.end().catch(() => undefined);
    await sleep(4000); // longer than the catalogue's 2 s in-process cache
    expect(exit, `the server exited during the outage:\n${output.slice(-3000)}`).toBeUndefined();
    const outage = between(stopped, Date.now() - 500);
    for (const kind of ["catalogue", "health", "sign-in", "write"] as const) {
      expect(outage.some((o) => o.kind === kind && o.status === 503)).toBe(true);
    }

    // PostgreSQL comes back on the same port; the app carries on without a restart.
    const databasePort = new URL(database.url).port;
    execFileSync(
      ctl,
      [
        "start",
        "-D",
        pgDir,
        "-w",
        "-l",
        path.join(pgDir, "restart.log"),
        "-o",
        `-p ${databasePort} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
      ],
      { ...ids, stdio: "ignore" },
    );
    const restarted = Date.now();
    const kinds = ["catalogue", "health", "sign-in", "write"] as const;
    const recoveredFrom = restarted + 2000;
    const settled = () =>
      kinds.every((kind) => between(recoveredFrom, Date.now()).filter((o) => o.kind === kind).length >= 2);
    const recoveryDeadline = Date.now() + 30_000;
    while (!settled() && Date.now() < recoveryDeadline) await sleep(100);
    running = false;
    await Promise.all(workers);
    expect(exit).toBeUndefined();

    // Every answer came within 10 s and was either a success or the Portuguese 503 with Retry-After.
    const refused = outcomes.filter((o) => !ok(o));
    for (const o of outcomes) expect(o.ms, `${o.kind} took ${o.ms} ms`).toBeLessThan(10_000);
    for (const o of refused) {
      expect({ kind: o.kind, status: o.status }).toEqual({ kind: o.kind, status: 503 });
      if (o.kind === "health") continue; // its own body: { status: "unavailable" }
      expect({ code: o.code, message: o.message }).toEqual({ code: "DATABASE_UNAVAILABLE", message: UNAVAILABLE });
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }
    // Recovered: from 2 s after the restart on, every kind succeeds.
    const recovered = between(recoveredFrom, Date.now());
    for (const kind of kinds) {
      expect(recovered.filter((o) => o.kind === kind).length).toBeGreaterThanOrEqual(2);
      expect(recovered.filter((o) => o.kind === kind).every(ok), `${kind} after the restart`).toBe(true);
    }

    // Nothing half-written: every student user has its credential and its account row, and every
    // account that was answered 201 exists.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const half = await client.query(`
        select u.email from auth_user u
        where u.email like '%@alunos.invalid'
          and (not exists (select 1 from student_accounts s where s.user_id = u.id)
            or not exists (select 1 from auth_account a where a.user_id = u.id and a.provider_id = 'credential'))`);
      expect(half.rows).toEqual([]);
      const answered = outcomes.filter((o) => o.status === 201).map((o) => o.studentCode!);
      const stored = await client.query("select student_code from student_accounts where student_code = any($1)", [
        answered,
      ]);
      expect(stored.rowCount).toBe(answered.length);
    } finally {
      await client.end();
    }
  }, 90_000);
});
