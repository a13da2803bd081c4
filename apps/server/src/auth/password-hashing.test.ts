import { execSync } from "node:child_process";
import os from "node:os";
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import {
  HASHER_NICE,
  hashPassword,
  hashPasswordLike,
  hashTemporaryPasswords,
  verifyPassword,
} from "./password-hashing";

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

  it("hashes generated temporary passwords in bulk at the cheaper cost written in the hash (decision 097); the one chosen next at the full cost", async () => {
    const passwords = Array.from({ length: 20 }, (_, i) => `TEMP${String(i).padStart(2, "2")}`);
    const hashes = await hashTemporaryPasswords(passwords);
    expect(hashes).toHaveLength(20);
    expect(new Set(hashes).size).toBe(20);
    for (const hash of hashes) expect(hash).toMatch(/^\$scrypt\$N=1024,r=8,p=1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: hashes[19]!, password: passwords[19]! })).toBe(true);
    expect(await verifyPassword({ hash: hashes[19]!, password: passwords[18]! })).toBe(false);

    // The student's own password, hashed "like" the temporary one: the same one is recognised, another
    // one is hashed at better-auth's full cost ("salt:key").
    expect(await hashPasswordLike(passwords[0]!, hashes[0]!)).toBe(hashes[0]);
    const own = await hashPasswordLike("MINHA1", hashes[0]!);
    expect(own).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: own, password: "MINHA1" })).toBe(true);

    // A cost this server never writes is refused rather than run.
    const costly = hashes[0]!.replace("N=1024", "N=1048576");
    await expect(verifyPassword({ hash: costly, password: passwords[0]! })).rejects.toThrow("Invalid password hash");
  });
});
