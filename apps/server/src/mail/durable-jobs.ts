import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Tx } from "../db/client";
import type { Logger } from "../logger";
import { MAIL_QUEUE_SCHEMA } from "./mail-queue";

/** How a durable job queue retries and stops (pg-boss's backoff: retryDelay × 2^n, at most retryDelayMax). */
export interface DurableJobSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  pollingIntervalSeconds: number;
  stopTimeoutMs: number;
}

export interface DurableJobs<T extends object> {
  start(): Promise<void>;
  /** `handler` gets the job's data and which try it is (0 for the first); a throw is a failed try. */
  work(handler: (data: T, retryCount: number) => Promise<void>, localConcurrency?: number): Promise<void>;
  /** In the caller's transaction: a rollback leaves no job. */
  enqueue(tx: Tx, jobs: T[]): Promise<void>;
  /** On its own, now or from `startAfter`. */
  enqueueNow(job: T, startAfter?: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A queue of jobs on pg-boss in the mail queue's schema (decisions 056, 075, 092): enqueued in the
 * caller's transaction, worked with retries and backoff; pg-boss's database errors are logged, never thrown.
 */
export function createDurableJobs<T extends object>(
  spec: { queue: string; applicationName: string; expireInSeconds: number; describe: (data: T) => object },
  deps: { databaseUrl: string; log: Logger },
  settings: DurableJobSettings,
): DurableJobs<T> {
  const { log } = deps;
  const boss = new PgBoss({
    connectionString: deps.databaseUrl,
    schema: MAIL_QUEUE_SCHEMA,
    max: 2,
    application_name: spec.applicationName,
    schedule: false,
    registerInstance: false,
  });
  boss.on("error", (err: Error & { code?: string }) =>
    log.warn({ err: { message: err.message, code: err.code } }, `${spec.queue} queue: database error`),
  );
  const queueOptions = {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    expireInSeconds: spec.expireInSeconds,
    deleteAfterSeconds: 14 * 24 * 60 * 60,
  };
  return {
    async start() {
      await boss.start();
      await boss.createQueue(spec.queue, queueOptions);
      await boss.updateQueue(spec.queue, queueOptions);
    },
    async work(handler, localConcurrency = 1) {
      const options = { pollingIntervalSeconds: settings.pollingIntervalSeconds, localConcurrency };
      await boss.work<T>(spec.queue, options, async ([item]) => {
        if (!item) return;
        try {
          await handler(item.data, item.retryCount);
        } catch (err) {
          log.warn(
            { job: item.id, ...spec.describe(item.data), try: item.retryCount + 1, error: (err as Error).message },
            `${spec.queue} job failed; it will be tried again unless it was the last try`,
          );
          throw err;
        }
      });
    },
    async enqueue(tx, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        spec.queue,
        jobs.map((data) => ({ data })),
        { db: fromDrizzle(tx, sql) },
      );
    },
    async enqueueNow(job, startAfter) {
      await boss.send(spec.queue, job, startAfter ? { startAfter } : {});
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: settings.stopTimeoutMs });
    },
  };
}
