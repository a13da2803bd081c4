import { AsyncLocalStorage } from "node:async_hooks";
import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { answerPasswordQuestion } from "./password-questions.mjs";
import { hashTemporary } from "./password-temporary.mjs";

/**
 * Every password hash and check of the server (~60–130 ms of one core each, scrypt as better-auth does
 * it) runs in a child process at a low CPU priority (decision 068), one per core at a time. The others
 * wait in a line here, and the line is bounded in time (decision 090): a question that would wait longer
 * than PASSWORD_QUEUE_SECONDS is refused at once (`PasswordQueueFullError`, a 503 with Retry-After), and
 * one still waiting at twice that (the estimate was wrong: the machine got busier) is refused then. So a
 * crowd signing in gets an honest "try again in N seconds" instead of a request that hangs into a timeout.
 * Each refusal books its own later turn (N grows by one hash's share of the cores per refusal), so those
 * sent away come back spread out at the pace the hasher works, not all at the same second.
 * Without the child (it cannot start) the server hashes in its own pool, through the same line.
 * One exception: an import's bulk temporary passwords, hashed cheaply in the server (hashTemporaryPasswords).
 */

type Ask =
  | { op: "hash"; password: string }
  | { op: "verify"; password: string; hash: string }
  | { op: "hashLike"; password: string; hash: string };
type Answer = { id: number; value?: string | boolean; error?: string };

/** Beside this module in src/, beside main.js in dist/ (apps/server/build.mjs copies it). */
const HASHER = fileURLToPath(new URL("./password-hasher.mjs", import.meta.url));
export const HASHER_NICE = 10;
/** Questions the hasher works on at once: one scrypt per core (more would only queue in the kernel). */
const CORES = os.availableParallelism();
/** The production default of PASSWORD_QUEUE_SECONDS (config.ts). */
export const DEFAULT_PASSWORD_QUEUE_SECONDS = 3;
/** The cost of one hash until the hasher has measured it (decision 068 measured 64–134 ms). */
const FIRST_GUESS_MS = 120;

/** The hasher's line is full: try again in `retryAfterSeconds` (the time the line needs to drain). */
export class PasswordQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`the password hasher's line is full: try again in ${retryAfterSeconds} s`);
  }
}

interface Waiting {
  ask: Ask;
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
  /** performance.now() when it joined the line. */
  since: number;
}

const line: Waiting[] = [];
let running = 0;
let maxWaitMs = DEFAULT_PASSWORD_QUEUE_SECONDS * 1000;
/** What one question takes in the hasher, as measured lately (it grows when the machine is busy). */
let hashMs = FIRST_GUESS_MS;
/** Questions answered since the server started (hashes and checks: each one scrypt). */
let answered = 0;
/** The latest turn (Date.now() ms) a refused question was told to come back at. */
let bookedUntil = 0;

/** PASSWORD_QUEUE_SECONDS: how long a question may wait for a free core; 0: only when one is free now. */
export function configurePasswordQueue(seconds: number) {
  maxWaitMs = seconds * 1000;
}

/** What the line holds now and what a hash costs: for tests and the logs. */
export function passwordQueue() {
  return { running, waiting: line.length, cores: CORES, hashMs, maxWaitMs, answered };
}

const waitObservers = new Set<(waitedMs: number) => void>();

/** Calls `observer` with each question's wait in line as a core takes it (the metrics); returns the unsubscribe. */
export function observePasswordWaits(observer: (waitedMs: number) => void): () => void {
  waitObservers.add(observer);
  return () => waitObservers.delete(observer);
}

/** How long a question asked now would wait before a core takes it. */
function expectedWaitMs(): number {
  const ahead = line.length + running - CORES + 1;
  return ahead <= 0 ? 0 : (ahead * hashMs) / CORES;
}

/** A refusal, with a turn of its own after the line has drained and after every turn booked before it. */
function full(): PasswordQueueFullError {
  const now = Date.now();
  bookedUntil = Math.min(now + 60_000, Math.max(now + expectedWaitMs(), bookedUntil) + hashMs / CORES);
  return new PasswordQueueFullError(Math.max(1, Math.ceil((bookedUntil - now) / 1000)));
}

/**
 * Refuses (`PasswordQueueFullError`) when a hash asked now would wait longer than the bound. Routes call it
 * before counting an attempt, so a refused sign-in costs neither a hash nor an attempt.
 */
export function assertPasswordQueueHasRoom(): void {
  if (expectedWaitMs() > maxWaitMs) throw full();
}

const admitted = new AsyncLocalStorage<true>();

/**
 * Runs `work` (a request's second hash: the staff sign-up's sign-in after the account's own hash) with its
 * hashes admitted whatever the line: the request already waited its turn, and refusing it halfway would
 * leave the account made and the user told to try again.
 */
export function alreadyAdmitted<T>(work: () => Promise<T>): Promise<T> {
  return admitted.run(true, work);
}

function ask(question: Ask): Promise<string | boolean> {
  const bounded = !admitted.getStore();
  if (bounded) assertPasswordQueueHasRoom();
  return new Promise((resolve, reject) => {
    const waiting: Waiting = { ask: question, resolve, reject, since: performance.now() };
    line.push(waiting);
    if (bounded && maxWaitMs > 0) {
      waiting.timer = setTimeout(() => {
        const at = line.indexOf(waiting);
        if (at < 0) return;
        line.splice(at, 1);
        reject(full());
      }, 2 * maxWaitMs);
      waiting.timer.unref();
    }
    next();
  });
}

/** Gives each free core the first question of the line. */
function next() {
  while (running < CORES && line.length > 0) {
    const waiting = line.shift()!;
    clearTimeout(waiting.timer);
    running++;
    const started = performance.now();
    for (const observer of waitObservers) observer(started - waiting.since);
    answer(waiting.ask)
      .then((value) => {
        hashMs = 0.8 * hashMs + 0.2 * (performance.now() - started);
        answered++;
        waiting.resolve(value);
      }, waiting.reject)
      .finally(() => {
        running--;
        next();
      });
  }
}

/** The hasher's answer, or the server's own when there is no hasher or it stopped before answering. */
async function answer(question: Ask): Promise<string | boolean> {
  const value = await viaHasher(question);
  if (value !== undefined) return value;
  return answerPasswordQuestion(question);
}

let child: ChildProcess | undefined;
let nextId = 1;
/** What each question sent waits for: its answer, or undefined when the hasher stopped before answering. */
const pending = new Map<number, { resolve: (value?: string | boolean) => void; reject: (err: Error) => void }>();

function hasher(): ChildProcess | undefined {
  if (child?.connected) return child;
  if (!existsSync(HASHER)) return undefined;
  const started = fork(HASHER, [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: [],
    env: { ...process.env, UV_THREADPOOL_SIZE: String(CORES) },
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
  return (await ask({ op: "hash", password })) as string;
}

export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  return (await ask({ op: "verify", ...input })) as boolean;
}

/**
 * `password` hashed with the salt of `hash` (password-salted.mjs): equal to `hash` exactly when it is the
 * same password. One scrypt for a new password that must differ from the one it replaces.
 */
export async function hashPasswordLike(password: string, hash: string): Promise<string> {
  return (await ask({ op: "hashLike", password, hash })) as string;
}

/**
 * Generated temporary passwords given out in bulk (an import's new accounts, decision 097 "Scale"), hashed at
 * the temporary cost (password-temporary.mjs, ~1.4 ms each here) in the server's own thread pool, one after
 * the other: one thread and at most one core, outside the hasher's line, so sign-ins never wait behind an
 * import's thousands of hashes and the hasher keeps its cores.
 */
export async function hashTemporaryPasswords(passwords: string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (const password of passwords) hashes.push(await hashTemporary(password));
  return hashes;
}
