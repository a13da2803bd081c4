import type { Tx } from "../../db/client";
import type { Logger } from "../../logger";
import { createDurableJobs, type DurableJobSettings } from "../../mail/durable-jobs";

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

export type ReferenceJobSettings = DurableJobSettings;

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
  const jobs = createDurableJobs<ReferenceJob>(
    {
      queue: REFERENCE_QUEUE,
      applicationName: "portal-references",
      expireInSeconds: 120,
      describe: (job) => ({ action: job.action }),
    },
    deps,
    settings,
  );
  return { ...jobs, work: (handler) => jobs.work((job) => handler(job)) };
}
