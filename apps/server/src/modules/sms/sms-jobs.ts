import type { Tx } from "../../db/client";
import type { Logger } from "../../logger";
import { createDurableJobs, type DurableJobSettings, type DurableJobs } from "../../mail/durable-jobs";

/**
 * The durable queue of SMS to send (decision 092): a change enqueues its SMS's job in its own
 * transaction, a worker hands it to the provider, pg-boss retries with backoff. The job carries only
 * the sms_messages row's id: the row says whether it still has to be sent.
 */
export const SMS_QUEUE = "sms";

export interface SmsJob {
  messageId: string;
}

export interface SmsJobSettings extends DurableJobSettings {
  /** Messages handed to the provider at once by one instance. */
  batchSize: number;
  /** A provider call that has not answered after this long is given up (and tried again later). */
  sendTimeoutMs: number;
}

/** 8 tries over about an hour: 30 s, 1 min, 2 min … at most 15 min apart. */
export const SMS_JOB_SETTINGS: SmsJobSettings = {
  retryLimit: 7,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 900,
  // A pg-boss worker waits its polling interval between two jobs: 10 workers polling each second hand
  // about 10 SMS a second to the provider (an approval day's queue drains in seconds, not minutes).
  pollingIntervalSeconds: 1,
  stopTimeoutMs: 8_000,
  batchSize: 10,
  sendTimeoutMs: 10_000,
};

export interface SmsJobs extends Omit<DurableJobs<SmsJob>, "enqueue" | "work"> {
  readonly settings: SmsJobSettings;
  work(handler: (job: SmsJob, retryCount: number) => Promise<void>): Promise<void>;
  /** In the caller's transaction: a rollback leaves no job. */
  enqueue(tx: Tx, job: SmsJob): Promise<void>;
}

export function createSmsJobs(
  deps: { databaseUrl: string; log: Logger },
  settings: SmsJobSettings = SMS_JOB_SETTINGS,
): SmsJobs {
  const jobs = createDurableJobs<SmsJob>(
    {
      queue: SMS_QUEUE,
      applicationName: "portal-sms",
      expireInSeconds: 120,
      describe: (job) => ({ message: job.messageId }),
    },
    deps,
    settings,
  );
  return {
    ...jobs,
    settings,
    work: (handler) => jobs.work(handler, settings.batchSize),
    enqueue: (tx, job) => jobs.enqueue(tx, [job]),
  };
}
