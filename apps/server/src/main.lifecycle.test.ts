import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, stopServer } from "../test/server-process";
import { findRunningServer, freePort } from "./db/embedded";

const serverDir = path.resolve(import.meta.dirname, "..");

/** The real server process (main.ts) on the embedded PostgreSQL of `dataDir`. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      BASE_URL: "",
      LOG_LEVEL: "warn",
      WEB_DIST: dataDir,
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not come up");
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function signUp(port: number, email: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fullName: "Pessoa Teste", email, password: "segredo1" }),
  });
}

describe("server lifecycle on the embedded PostgreSQL", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lifecycle-"));
  chmodSync(dataDir, 0o755);
  afterAll(() => {
    const left = findRunningServer(path.join(dataDir, "postgres"));
    if (left) process.kill(left.pid, "SIGINT");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the data across SIGTERM, and comes back after kill -9 with nothing lost", async () => {
    const port = await freePort();
    let server = await startServer(dataDir, port);
    expect((await signUp(port, "antes@inst.ao")).status).toBe(201);

    // SIGTERM: graceful stop, PostgreSQL stopped too.
    const stopped = exited(server);
    server.kill("SIGTERM");
    expect(await stopped).toBe(0);
    expect(findRunningServer(path.join(dataDir, "postgres"))).toBeUndefined();

    server = await startServer(dataDir, port);
    expect((await signUp(port, "antes@inst.ao")).status).toBe(409); // still there
    expect((await signUp(port, "depois@inst.ao")).status).toBe(201);

    // kill -9: PostgreSQL is left running; the next start finds it and carries on.
    const killed = exited(server);
    server.kill("SIGKILL");
    await killed;
    server = await startServer(dataDir, port);
    expect((await signUp(port, "depois@inst.ao")).status).toBe(409);
    const done = exited(server);
    server.kill("SIGTERM");
    expect(await done).toBe(0);
  }, 120_000);

  it("stops cleanly when SIGTERM comes during start-up, leaving no PostgreSQL behind", async () => {
    const fresh = mkdtempSync(path.join(os.tmpdir(), "lifecycle-early-"));
    chmodSync(fresh, 0o755);
    try {
      const server = spawnServer(await freePort(), {
        DATA_DIR: fresh,
        DATABASE_URL: "",
        BASE_URL: "",
        LOG_LEVEL: "info",
        WEB_DIST: fresh,
      });
      // The signal arrives while the cluster is being created, long before the server listens.
      const deadline = Date.now() + 30_000;
      while (!server.output().includes("creating the embedded PostgreSQL cluster") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await stopServer(server)).toEqual({ code: 0, signal: null });
      const output = server.output();
      expect(output).toContain("shutting down during start-up");
      expect(output.trim().split("\n").at(-1)).toContain('"msg":"stopped"');
      expect(output).not.toContain("listening on");
      expect(findRunningServer(path.join(fresh, "postgres"))).toBeUndefined();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 90_000);
});
