import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentSession } from "../../../scripts/bench/signed-in.mjs";
import { createStaff, type StaffServer, signInStaff } from "../../../scripts/bench/staff.mjs";
import { createFreshDatabase } from "../test/context";
import { type ServerProcess, spawnServer, stopServer, waitUntilHealthy } from "../test/server-process";
import { freePort } from "./db/embedded";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");

/**
 * `npm run bench` signs staff in before it measures anything (issue 33): its steps (scripts/bench/staff.mjs,
 * signed-in.mjs) on the real server, started on an empty database as a new installation is, where
 * super_admin and financeiro must sign in with a second factor (decision 076).
 */
describe("the bench's staff on a new installation", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-staff-"));
  let databaseUrl: string;
  let server: ServerProcess;
  let bench: StaffServer;

  beforeAll(async () => {
    chmodSync(dataDir, 0o755);
    databaseUrl = await createFreshDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, BASE_URL: base, LOG_LEVEL: "warn" };
    server = spawnServer(port, { ...env, DEMO_DATA: "true" });
    await waitUntilHealthy(server);
    bench = {
      base,
      // `npm run create-admin`, from the source.
      createAdmin: async (args) => {
        await promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/create-admin.ts", ...args], {
          cwd: SERVER_DIR,
          env: { ...process.env, ...env },
        });
      },
    };
  });

  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("makes the mixed day's staff, sets up two-factor sign-in where required, and each works", async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const users = await createStaff(bench, db, ["secretaria", "financeiro", "admin", "super_admin"]).finally(() =>
      db.end(),
    );
    expect(users.map((u) => [u.role, u.authenticator !== undefined])).toEqual([
      ["secretaria", false],
      ["financeiro", true],
      ["admin", false],
      ["super_admin", true],
    ]);
    const cookie: Record<string, string> = {};
    for (const user of users) cookie[user.role] = (await signInStaff(bench.base, user))!;
    const status = async (role: string, url: string) =>
      (await fetch(`${bench.base}${url}`, { headers: { cookie: cookie[role]! } })).status;
    // What each does in the mixed day.
    expect(await status("secretaria", "/api/admin/enrollments?page=1&pageSize=20")).toBe(200);
    expect(await status("secretaria", "/api/admin/enrollments/reference-code")).toBe(200);
    expect(await status("financeiro", "/api/admin/receipts?page=1&pageSize=20")).toBe(200);
    expect(await status("financeiro", "/api/admin/payments?page=1&pageSize=20")).toBe(200);
    expect(await status("financeiro", "/api/admin/payments/export?format=csv")).toBe(200);
    expect(await status("admin", "/api/admin/dashboard")).toBe(200);

    // The signed-in part: a student's application approved by the super_admin, then their payment screen.
    const student = await studentSession({ base: bench.base, staffCookie: cookie.super_admin! });
    const enrolments = await fetch(`${bench.base}/api/me/enrollments`, { headers: { cookie: student } });
    const [enrolment] = (await enrolments.json()) as { paymentReferenceCode: string | null }[];
    expect(enrolment?.paymentReferenceCode).toMatch(/^BENCH-/);
    // Four staff set up and signed in (a dozen password hashes) and a student's application, on a shared
    // CI machine; a user's second code may also wait for the next 30-second period by design.
  }, 180_000);
});
