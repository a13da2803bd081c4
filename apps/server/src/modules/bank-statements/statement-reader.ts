import { Worker } from "node:worker_threads";
import { STATEMENT_READ_FAILED, type TableRead } from "@app/shared/bank-statements/table";

/**
 * Statement files are read off the main thread (issue 33, decision 078): by at most `workers` worker
 * threads, each reading one file at a time with `resourceLimits` and a timeout. A file that exhausts a
 * worker's memory or time costs that worker and that import ('Não foi possível ler o arquivo…'); every
 * other request carries on. A worker is started on the first read, kept while reads keep coming (no start-up
 * per import), ended after `idleMs` without one, and started again after one was ended. Reads beyond
 * `workers` wait their turn; a read's time counts from when a worker takes it.
 */

export type StatementReaderLimits = {
  /** Old-generation heap of one worker (what a file may make it hold). */
  memoryMb: number;
  /** One read, from when a worker takes it. */
  timeoutMs: number;
  /** Reads at once. */
  workers: number;
  /** An idle worker ends after this. */
  idleMs: number;
};

/**
 * A statement at the 5 MB limit is read in ~1–3 s of CPU and < 150 MB of heap (decision 078); these leave
 * room for a busy machine and nothing for a file built to exhaust them.
 */
export const STATEMENT_READER_LIMITS: StatementReaderLimits = {
  memoryMb: 256,
  timeoutMs: 15_000,
  workers: 2,
  idleMs: 60_000,
};

export type StatementReader = {
  /** The file's table, or why it cannot be read (its limits, its format, or the reader's memory or time). */
  read(bytes: Uint8Array): Promise<TableRead>;
  /** Ends the workers; reads still waiting are refused. */
  close(): Promise<void>;
};

type Answer = { table: TableRead } | { exhausted: string } | { crashed: string };
type Job = { bytes: Uint8Array; resolve(read: TableRead): void; reject(err: Error): void };
type Slot = { worker: Worker | null; busy: boolean; idle?: NodeJS.Timeout };

/**
 * Where the worker's code is: beside the bundle (`dist/statement-reader.worker.js`, built by build.mjs), or
 * the TypeScript source run through tsx (tests, `npm run dev`).
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  return fromSource
    ? { url: new URL("./statement-reader.worker.ts", import.meta.url), execArgv: ["--import", "tsx"] }
    : { url: new URL("./statement-reader.worker.js", import.meta.url), execArgv: [] };
}

const failed: TableRead = { error: STATEMENT_READ_FAILED };

export function createStatementReader(limits: StatementReaderLimits = STATEMENT_READER_LIMITS): StatementReader {
  const entry = workerEntry();
  const slots: Slot[] = Array.from({ length: limits.workers }, () => ({ worker: null, busy: false }));
  const queue: Job[] = [];
  let closed = false;

  const start = (slot: Slot) => {
    const worker = new Worker(entry.url, {
      execArgv: entry.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    worker.unref();
    // A worker that ends while idle is started again by the next read.
    worker.once("exit", () => {
      if (slot.worker === worker) slot.worker = null;
    });
    return worker;
  };

  const end = (slot: Slot) => {
    void slot.worker?.terminate();
    slot.worker = null;
  };

  const run = (slot: Slot, job: Job) => {
    clearTimeout(slot.idle);
    slot.busy = true;
    slot.worker ??= start(slot);
    const worker = slot.worker;
    worker.ref(); // a read under way keeps the process alive
    let settled = false;
    const settle = (outcome: () => void, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (keepWorker) {
        worker.unref();
        slot.idle = setTimeout(() => end(slot), limits.idleMs).unref();
      } else end(slot);
      slot.busy = false;
      outcome();
      pump();
    };
    const onMessage = (answer: Answer) => {
      if ("table" in answer) settle(() => job.resolve(answer.table), true);
      else if ("exhausted" in answer) settle(() => job.resolve(failed), false);
      else settle(() => job.reject(new Error(`statement reader: ${answer.crashed}`)), true);
    };
    const onError = (err: Error & { code?: string }) =>
      settle(() => (err.code === "ERR_WORKER_OUT_OF_MEMORY" ? job.resolve(failed) : job.reject(err)), false);
    const onExit = (code: number) =>
      settle(() => job.reject(new Error(`statement reader exited with code ${code}`)), false);
    const timer = setTimeout(() => settle(() => job.resolve(failed), false), limits.timeoutMs);
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    // The bytes are moved, not copied, when they are a whole buffer of their own.
    const { bytes } = job;
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const sent = own ? bytes : bytes.slice();
    worker.postMessage(sent, [sent.buffer as ArrayBuffer]);
  };

  function pump() {
    while (queue.length > 0) {
      const slot = slots.find((s) => !s.busy);
      if (!slot) return;
      run(slot, queue.shift()!);
    }
  }

  return {
    read(bytes) {
      if (closed) return Promise.reject(new Error("statement reader closed"));
      return new Promise<TableRead>((resolve, reject) => {
        queue.push({ bytes, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("statement reader closed"));
      await Promise.all(
        slots.map(async (slot) => {
          clearTimeout(slot.idle);
          const worker = slot.worker;
          slot.worker = null;
          await worker?.terminate();
        }),
      );
    },
  };
}
