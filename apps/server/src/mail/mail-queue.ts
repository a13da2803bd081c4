import { type SQL, sql } from "drizzle-orm";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Database, Tx } from "../db/client";
import type { Logger } from "../logger";
import { markDelivered, type QueuedMail } from "./delivery-marks";
import { describeMailError } from "./mail-errors";
import type { Mailer, MailMessage } from "./mailer";

/** pg-boss's schema in our database (its tables, its own migrations) and the queue e-mails go through. */
export const MAIL_QUEUE_SCHEMA = "pgboss";
export const MAIL_QUEUE = "mail";

export interface MailQueueSettings {
  /** Tries after the first one; the last failure leaves the job 'failed'. */
  retryLimit: number;
  /** Backoff: between retryDelay × 2^(n-1) and retryDelay × 2^n seconds after the n-th failure (n from 0), at most retryDelayMax. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** How often an idle worker looks for work. */
  pollingIntervalSeconds: number;
  /** stop() waits this long for a delivery in progress, then cuts its connection (it is tried again later). */
  stopTimeoutMs: number;
}

/** 8 tries over 2 to 4 hours: 1–2, 2–4, 4–8 … minutes apart, at most 2 hours; listed for the super_admin after 3. */
export const MAIL_QUEUE_SETTINGS: MailQueueSettings = {
  retryLimit: 7,
  retryDelaySeconds: 120,
  retryDelayMaxSeconds: 7200,
  pollingIntervalSeconds: 2,
  stopTimeoutMs: 8_000,
};

/** After this many tries an e-mail is shown to the super_admin, even while it is still being retried. */
export const MAIL_FAILURE_NOTICE_TRIES = 3;
/** A sent or failed e-mail (with its text: a reset link, a reference code) is deleted after 14 days. */
const KEEP_SECONDS = 14 * 24 * 60 * 60;
/** A try that runs longer than this (a process killed mid-delivery) is tried again by another instance. */
const EXPIRE_SECONDS = 5 * 60;

export interface MailFailure {
  id: string;
  to: string;
  subject: string;
  tries: number;
  /** failed: no more tries; retrying: tries left, the next at nextTryAt. */
  state: "failed" | "retrying";
  /** In a director's words; the technician's part (a setting to change) apart, or null. */
  error: string;
  technicalDetail: string | null;
  lastTryAt: string | null;
  nextTryAt: string | null;
}

export type RequeueResult = "requeued" | "not_found" | "already_sent";

export interface MailQueue {
  /** Installs or migrates pg-boss's schema (under its own lock: several instances may start together) and the queue. */
  start(): Promise<void>;
  /** Sends queued e-mails with `mailer` until stop(). */
  work(mailer: Mailer): Promise<void>;
  /** Enqueues in the caller's transaction: a rollback leaves no job, a commit leaves one per message. */
  enqueue(tx: Tx, messages: QueuedMail[]): Promise<void>;
  /** Enqueues on its own, for a caller without a transaction of ours (better-auth's password reset). */
  enqueueNow(message: MailMessage): Promise<void>;
  /** E-mails that failed, or are still being retried after MAIL_FAILURE_NOTICE_TRIES tries, newest first. */
  failures(): Promise<MailFailure[]>;
  /** One more try now: a failed e-mail gets one, a retrying one stops waiting for its backoff. */
  requeue(id: string): Promise<RequeueResult>;
  /** Stops the worker gracefully (see stopTimeoutMs) and closes pg-boss's connections. */
  stop(): Promise<void>;
}

/**
 * Outgoing e-mail on a durable queue in PostgreSQL (pg-boss, decision 056): a request enqueues the
 * e-mail in the same transaction as the state change it reports, and a worker sends it, with retries
 * and backoff. pg-boss has its own small pool; its 'error' events (PostgreSQL restarting, decision 023)
 * are logged, never thrown, and it carries on when the database is back.
 */
export function createMailQueue(
  deps: { databaseUrl: string; db: Database; log: Logger },
  settings: MailQueueSettings = MAIL_QUEUE_SETTINGS,
): MailQueue {
  const { db, log } = deps;
  const boss = new PgBoss({
    connectionString: deps.databaseUrl,
    schema: MAIL_QUEUE_SCHEMA,
    max: 3,
    application_name: "portal-mail",
    schedule: false, // no cron jobs
    registerInstance: false, // no instance registry (getInstances) to keep fresh every 30 s
  });
  boss.on("error", (err: Error & { code?: string }) =>
    log.warn({ err: { message: err.message, code: err.code } }, "mail queue: database error"),
  );
  boss.on("warning", (w: { message: string }) => log.info({ warning: w.message }, "mail queue warning"));

  const queueOptions = {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    expireInSeconds: EXPIRE_SECONDS,
    deleteAfterSeconds: KEEP_SECONDS,
  };
  const job = (table: string): SQL => sql.raw(`${MAIL_QUEUE_SCHEMA}.${table}`);

  return {
    async start() {
      await boss.start();
      await boss.createQueue(MAIL_QUEUE, queueOptions);
      await boss.updateQueue(MAIL_QUEUE, queueOptions); // settings changed since the queue was created
    },

    async work(mailer) {
      await boss.work<QueuedMail>(
        MAIL_QUEUE,
        { pollingIntervalSeconds: settings.pollingIntervalSeconds },
        async ([item]) => {
          if (!item) return;
          const { delivered, ...message } = item.data;
          try {
            await mailer.send(message, item.signal);
          } catch (err) {
            const e = err as Error & { code?: string; responseCode?: number };
            log.warn(
              { job: item.id, try: item.retryCount + 1, code: e.code, responseCode: e.responseCode, error: e.message },
              "e-mail not sent; it will be tried again unless it was the last try",
            );
            throw err;
          }
          // Sent: a failure to mark it must not send it again (the job would be retried), so it is only logged.
          if (delivered)
            await markDelivered(db, delivered).catch((err: Error) =>
              log.warn({ job: item.id, error: err.message }, "e-mail sent, but its delivery not recorded"),
            );
        },
      );
    },

    async enqueue(tx, messages) {
      if (messages.length === 0) return;
      await boss.insert(
        MAIL_QUEUE,
        messages.map((data) => ({ data })),
        { db: fromDrizzle(tx, sql) },
      );
    },

    async enqueueNow(message) {
      await boss.send(MAIL_QUEUE, message);
    },

    async failures() {
      const { rows } = await db.execute<{
        id: string;
        to: string;
        subject: string;
        state: "failed" | "retry";
        retry_count: number;
        output: unknown;
        started_on: Date | null;
        completed_on: Date | null;
        start_after: Date;
      }>(sql`
        select id, data->>'to' as "to", data->>'subject' as subject, state, retry_count, output,
          started_on, completed_on, start_after
        from ${job("job")}
        where name = ${MAIL_QUEUE}
          and (state = 'failed' or (state = 'retry' and retry_count + 1 >= ${MAIL_FAILURE_NOTICE_TRIES}))
        order by created_on desc, id
        limit 100`);
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        tries: r.retry_count + 1,
        state: r.state === "failed" ? "failed" : "retrying",
        ...describeMailError(r.output),
        lastTryAt: iso(r.completed_on ?? r.started_on),
        nextTryAt: r.state === "retry" ? iso(r.start_after) : null,
      }));
    },

    async requeue(id) {
      const found = await boss.getJobById(MAIL_QUEUE, id);
      if (!found) return "not_found";
      if (found.state === "completed") return "already_sent";
      if (found.state === "failed") await boss.retry(MAIL_QUEUE, id);
      else if (found.state === "retry") await boss.update(MAIL_QUEUE, undefined, { id, startAfter: new Date() });
      return "requeued";
    },

    async stop() {
      await boss.stop({ graceful: true, timeout: settings.stopTimeoutMs });
    },
  };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
