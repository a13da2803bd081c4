import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assertReachableByPostgresUser, findRunningServer } from "./embedded";

describe("embedded PostgreSQL housekeeping", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "embedded-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("removes a postmaster.pid left by a server that no longer runs", () => {
    const pgDir = path.join(dir, "postgres");
    mkdirSync(pgDir);
    // A PID far above pid_max cannot be alive.
    writeFileSync(path.join(pgDir, "postmaster.pid"), `99999999\n${pgDir}\n1700000000\n54321\n\n127.0.0.1\n`);
    expect(findRunningServer(pgDir)).toBeUndefined();
    expect(existsSync(path.join(pgDir, "postmaster.pid"))).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)("explains when the postgres user cannot reach DATA_DIR", () => {
    const locked = path.join(dir, "locked");
    mkdirSync(locked, { mode: 0o700 });
    chmodSync(locked, 0o700);
    expect(() => assertReachableByPostgresUser(path.join(locked, "data", "postgres"))).toThrow(
      /cannot enter .*locked.*Set DATA_DIR/s,
    );
  });
});
