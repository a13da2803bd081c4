import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Tx } from "../../db/client";
import type { Logger } from "../../logger";
import { MAIL_QUEUE_SCHEMA } from "../../mail/mail-queue";

/**
 * The durable queue of the calls to the payment-reference provider (decision 075): a request never waits
 * on the provider. An approval or a renewal enqueues 'create' in its own transaction; a rejection or a
 * cancellation enqueues 'delete'; a payment notification enqueues 'acknowledge' in the transaction that
 * records it (so it runs only after the commit). pg-boss (the mail queue's schema, its own queue)
 * retries with backoff.
 */
export const REFERENCE_QUEUE = "payment-reference";

export type ReferenceJob =
  | { action: "create"; paymentReferenceId: string }
  | { action: "delete"; reference: string }
  | { action: "acknowledge"; providerPaymentId: string };

export interface ReferenceJobSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  pollingIntervalSeconds: number;
  stopTimeoutMs: number;
}

/** 10 tries over about an hour: 30 s, 1 min, 2 min … at most 15 min apart. */
export const REFERENCE_JOB_SETTINGS: ReferenceJobSettings = {
  retryLimit: 9,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 900,
  pollingIntervalSeconds: 2,
  stopTimeoutMs: 8_000,
};

export interface ReferenceJobs {
  start(): Promise<void>;
  work(handler: (job: ReferenceJob) => Promise<void>): Promise<void>;
  /** In the caller's transaction: a rollback leaves no job. */
  enqueue(tx: Tx, jobs: ReferenceJob[]): Promise<void>;
  stop(): Promise<void>;
}

export function createReferenceJobs(
  deps: { databaseUrl: string; log: Logger },
  settings: ReferenceJobSettings = REFERENCE_JOB_SETTINGS,
): ReferenceJobs {
  const { log } = deps;
  const boss = new PgBoss({
    connectionString: deps.databaseUrl,
    schema: MAIL_QUEUE_SCHEMA,
    max: 2,
    application_name: "portal-references",
    schedule: false,
    registerInstance: false,
  });
  boss.on("error", (err: Error & { code?: string }) =>
    log.warn({ err: { message: err.message, code: err.code } }, "reference queue: database error"),
  );
  const queueOptions = {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    expireInSeconds: 120,
    deleteAfterSeconds: 14 * 24 * 60 * 60,
  };
  return {
    async start() {
      await boss.start();
      await boss.createQueue(REFERENCE_QUEUE, queueOptions);
      await boss.updateQueue(REFERENCE_QUEUE, queueOptions);
    },
    async work(handler) {
      await boss.work<ReferenceJob>(
        REFERENCE_QUEUE,
        { pollingIntervalSeconds: settings.pollingIntervalSeconds },
        async ([item]) => {
          if (!item) return;
          try {
            await handler(item.data);
          } catch (err) {
            log.warn(
              { job: item.id, action: item.data.action, try: item.retryCount + 1, error: (err as Error).message },
              "payment-reference job failed; it will be tried again unless it was the last try",
            );
            throw err;
          }
        },
      );
    },
    async enqueue(tx, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        REFERENCE_QUEUE,
        jobs.map((data) => ({ data })),
        { db: fromDrizzle(tx, sql) },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: settings.stopTimeoutMs });
    },
  };
}
