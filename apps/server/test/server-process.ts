import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "..");

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything it has written on stdout and stderr (JSON log lines). */
  output(): string;
  /** Set once it has exited. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server (src/main.ts, as `npm start` runs it but from the source) in a process of its own,
 * with `env` over this process's environment. It returns at once: see waitUntilHealthy.
 */
export function spawnServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const server: ServerProcess = {
    port,
    child,
    output: () => output,
    exit: undefined,
    exited: new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        server.exit = { code, signal };
        resolve(server.exit);
      }),
    ),
  };
  return server;
}

/** Polls GET /api/health (what a load balancer asks) until it answers 200; throws with the server's output if it exits or the deadline passes. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !server.exit) {
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server on port ${server.port} did not come up:\n${server.output().slice(-4000)}`);
}

/** SIGTERM, as systemd or Docker stop it; resolves with how it exited. */
export async function stopServer(
  server: ServerProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (!server.exit) server.child.kill("SIGTERM");
  return server.exited;
}
