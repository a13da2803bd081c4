import { execSync } from "node:child_process";
import os from "node:os";
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { HASHER_NICE, hashPassword, verifyPassword } from "./password-hashing";

/** The server's child processes running the password hasher, with their nice value. */
function hashers(): Array<{ pid: number; nice: number }> {
  const out = execSync(`ps -o pid=,ni=,args= --ppid ${process.pid}`, { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes("password-hasher.mjs"))
    .map((line) => {
      const [pid, nice] = line.trim().split(/\s+/);
      return { pid: Number(pid), nice: Number(nice) };
    });
}

describe("password hashes in a child process at a low priority", () => {
  it("hashes and checks as better-auth does, in both directions, many asked at once", async () => {
    const hashes = await Promise.all(["MINHA1", "outra-senha", "MINHA1"].map((p) => hashPassword(p)));
    expect(new Set(hashes).size).toBe(3);
    expect(await betterAuthVerify({ hash: hashes[0]!, password: "MINHA1" })).toBe(true);
    expect(await verifyPassword({ hash: hashes[1]!, password: "MINHA1" })).toBe(false);
    expect(await verifyPassword({ hash: await betterAuthHash("Çábula 9"), password: "Çábula 9" })).toBe(true);
  });

  it("runs in one child process niced, started again if it dies, with nothing lost", async () => {
    await hashPassword("primeira");
    const [first, ...others] = hashers();
    expect(others).toEqual([]);
    expect(first!.nice).toBe(Math.max(HASHER_NICE, os.getPriority()));
    // Killed while a hash is in flight: that hash is done in-process, the next starts a new child.
    const inFlight = hashPassword("durante");
    process.kill(first!.pid, "SIGKILL");
    expect(await verifyPassword({ hash: await inFlight, password: "durante" })).toBe(true);
    expect(await verifyPassword({ hash: await hashPassword("depois"), password: "depois" })).toBe(true);
    const [second] = hashers();
    expect(second!.pid).not.toBe(first!.pid);
    expect(second!.nice).toBe(Math.max(HASHER_NICE, os.getPriority()));
  });
});
