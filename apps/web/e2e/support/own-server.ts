import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../../../..");

/** A random port and a fresh DATA_DIR for a server of a spec's own (the shared e2e server keeps its settings). */
export function ownServerPlace(name: string) {
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  return { port, base: `http://127.0.0.1:${port}`, dataDir: mkdtempSync(path.join(os.tmpdir(), `e2e-${name}-`)) };
}

/** Starts the production build on `place` with `env` on top of the e2e server's settings; resolves once healthy. */
export async function spawnOwnServer(
  place: { port: number; base: string; dataDir: string },
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const server = spawn("node", ["apps/server/dist/main.js"], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(place.port),
      HOST: "127.0.0.1",
      DATA_DIR: place.dataDir,
      BASE_URL: place.base,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
      EMBEDDED_POSTGRES_FSYNC: "off",
      ...env,
    },
  });
  await expect
    .poll(async () => (await fetch(`${place.base}/api/health`).catch(() => null))?.status, { timeout: 150_000 })
    .toBe(200);
  return server;
}

/** Resolves when `child` has exited (at once if it already has). */
export const stopped = (child: ChildProcess) =>
  child.exitCode === null && child.signalCode === null
    ? new Promise((resolve) => child.once("exit", resolve))
    : Promise.resolve();

/** The password hasher the server `pid` forked (decision 068), once it has hashed something. */
export function hasherOf(pid: number): number {
  const line = execSync(`ps -o pid=,args= --ppid ${pid}`, { encoding: "utf8" })
    .split("\n")
    .find((l) => l.includes("password-hasher.mjs"));
  if (!line) throw new Error(`server ${pid} has no password hasher`);
  return Number(line.trim().split(/\s+/)[0]);
}
