import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from "better-auth/crypto";

/**
 * Every password hash and check of the server (~60 ms of one core each, scrypt as better-auth does it)
 * runs in a child process at a low CPU priority (decision 068). In a sign-in burst (300 students
 * arriving in 25 s make ~1 200 of them) the hashes in the server's own thread pool took both cores, and
 * every other request — a list, a student's area, an upload — waited seconds behind them. Niced, the
 * hashes mostly use what CPU the server and PostgreSQL leave: a sign-in waits a little longer in a burst,
 * nothing else does. Not the lowest priority: on a machine kept busy by others, sign-ins still progress. Without the child (it cannot start) the server hashes in its own pool as before.
 */

type Ask = { op: "hash"; password: string } | { op: "verify"; password: string; hash: string };
type Answer = { id: number; value?: string | boolean; error?: string };

/** Beside this module in src/, beside main.js in dist/ (apps/server/build.mjs copies it). */
const HASHER = fileURLToPath(new URL("./password-hasher.mjs", import.meta.url));
export const HASHER_NICE = 10;

let child: ChildProcess | undefined;
let nextId = 1;
/** What each question waits for: its answer, or undefined when the hasher stopped before answering. */
const pending = new Map<number, { resolve: (value?: string | boolean) => void; reject: (err: Error) => void }>();

function hasher(): ChildProcess | undefined {
  if (child?.connected) return child;
  if (!existsSync(HASHER)) return undefined;
  const started = fork(HASHER, [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: [],
    // One scrypt per core at most: more would only queue in the kernel instead of here.
    env: { ...process.env, UV_THREADPOOL_SIZE: String(os.availableParallelism()) },
  });
  try {
    // A server already niced further keeps its own priority (lowering a nice value needs privileges).
    if (started.pid) os.setPriority(started.pid, Math.max(HASHER_NICE, os.getPriority()));
  } catch {
    // Not allowed to lower it here: the hashes still leave the server's own thread pool.
  }
  started.on("message", ({ id, value, error }: Answer) => {
    const asked = pending.get(id);
    if (!asked) return;
    pending.delete(id);
    if (error !== undefined) asked.reject(new Error(error));
    else asked.resolve(value);
    if (pending.size === 0) idle(started);
  });
  started.on("exit", () => {
    if (child === started) child = undefined;
    for (const [id, asked] of pending) {
      pending.delete(id);
      asked.resolve(undefined);
    }
  });
  started.on("error", () => {}); // a failed fork also exits; its questions are answered in-process
  child = started;
  return started;
}

/** An idle hasher does not keep the server (or a one-off command) running; a busy one does. */
function idle(hasherProcess: ChildProcess) {
  hasherProcess.unref();
  hasherProcess.channel?.unref();
}

/** The hasher's answer, or undefined when there is no hasher or it stopped before answering. */
function viaHasher(question: Ask): Promise<string | boolean | undefined> {
  const hasherProcess = hasher();
  if (!hasherProcess?.connected) return Promise.resolve(undefined);
  const id = nextId++;
  hasherProcess.ref();
  hasherProcess.channel?.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    hasherProcess.send({ id, ...question });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const answer = await viaHasher({ op: "hash", password });
  return typeof answer === "string" ? answer : scryptHash(password);
}

export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  const answer = await viaHasher({ op: "verify", ...input });
  return typeof answer === "boolean" ? answer : scryptVerify(input);
}
