import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type AppOptions, createApp } from "../src/app";
import { createAuth } from "../src/auth/auth";
import { type Config, loadConfig } from "../src/config";
import { createDb, createPool, type Database } from "../src/db/client";
import { withInstallationSecrets } from "../src/db/installation-secrets";
import { runMigrations } from "../src/db/migrate";
import type { AppDeps } from "../src/http/env";
import { createLogger } from "../src/logger";
import { createMailQueue, MAIL_QUEUE_SETTINGS, type MailQueue, type MailQueueSettings } from "../src/mail/mail-queue";
import { createMailer } from "../src/mail/mailer";
import { createStatementReader } from "../src/modules/bank-statements/statement-reader";
import { runReferenceJob } from "../src/modules/payment-references/payment-references.service";
import { REFERENCE_JOB_SETTINGS } from "../src/modules/payment-references/reference-jobs";
import { createPaymentReferences } from "../src/modules/payment-references/references-setup";
import { deliverSms } from "../src/modules/sms/deliver-sms";
import { SMS_JOB_SETTINGS, type SmsJobSettings } from "../src/modules/sms/sms-jobs";
import { createSms } from "../src/modules/sms/sms-setup";
import { createDiskStorage } from "../src/storage/disk";

export const TEST_BASE_URL = "http://localhost:3999";

export interface TestContext {
  app: ReturnType<typeof createApp>;
  db: Database;
  pool: pg.Pool;
  deps: AppDeps;
  config: Config;
  databaseUrl: string;
  dataDir: string;
  /** The outgoing e-mail queue, with its worker running (decision 056). */
  mail: MailQueue;
  close(): Promise<void>;
}

/**
 * What the test helpers (actors, receipts, teaching) use of a context: its database and something that
 * answers requests as the app does — a TestContext's in-process app, or real server processes over HTTP
 * (two-instances.test.ts).
 */
export interface ApiContext {
  db: Database;
  app: { request(path: string, init?: RequestInit): Response | Promise<Response> };
}

/**
 * The queue as in production, but an idle worker looks for work twice a second and the backoff is
 * seconds, not minutes, so a test waits for an e-mail (test/mail.ts) briefly. Tests that need it
 * change more (test/mail-queue.test.ts).
 */
export const TEST_MAIL_SETTINGS: MailQueueSettings = {
  ...MAIL_QUEUE_SETTINGS,
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 2,
  stopTimeoutMs: 1_000,
};

/** The SMS queue with seconds of backoff and a worker that looks twice a second. */
export const TEST_SMS_SETTINGS: SmsJobSettings = {
  ...SMS_JOB_SETTINGS,
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 2,
  stopTimeoutMs: 1_000,
};

/** A URL to the same server with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Creates a database on the run's PostgreSQL: empty, or with `migrated` a copy of the run's migrated
 * template (test/global-setup.ts), which is much faster than migrating each one.
 */
export async function createFreshDatabase({ migrated = false } = {}): Promise<string> {
  const base = inject("databaseUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${migrated ? ` template ${inject("migratedTemplate")}` : ""}`);
  await admin.end();
  return withDatabase(base, name);
}

/**
 * The real app on a fresh, migrated database of its own (or on `DATABASE_URL`'s, as a second instance
 * of another context), with disk storage, the outbox in a temp DATA_DIR (or SMTP_URL's server), the
 * secrets the overrides leave unset kept in the database as at start (decision 065) and the e-mail
 * queue's worker running.
 */
export async function createTestContext(
  overrides: Partial<Record<string, string>> = {},
  options: AppOptions = {},
  mailSettings: Partial<MailQueueSettings> = {},
  smsSettings: Partial<SmsJobSettings> = {},
): Promise<TestContext> {
  const databaseUrl = overrides.DATABASE_URL ?? (await createFreshDatabase({ migrated: true }));
  const dataDir = overrides.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "server-test-data-"));
  const env = loadConfig({
    BASE_URL: TEST_BASE_URL,
    LOG_LEVEL: "silent",
    ...overrides,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  });
  const log = createLogger(env.logLevel);
  const pool = createPool(databaseUrl);
  await runMigrations(pool);
  const db = createDb(pool);
  const config = await withInstallationSecrets(env, db, log);
  const mail = createMailQueue({ databaseUrl, db, log }, { ...TEST_MAIL_SETTINGS, ...mailSettings });
  await mail.start();
  await mail.work(createMailer(config, log));
  // SMS when the overrides set SMS_PROVIDER (the simulator's URL): the queue's worker runs.
  const sms = createSms(config, { databaseUrl, log }, { ...TEST_SMS_SETTINGS, ...smsSettings });
  if (sms) {
    await sms.jobs.start();
    await sms.jobs.work((job, retryCount) => deliverSms({ db, sms, log }, job.messageId, retryCount));
  }
  // Multicaixa references when the overrides set PROXYPAY_* (the simulator's URL): the queue's worker runs.
  const references = createPaymentReferences(
    config,
    { databaseUrl, log },
    {
      ...REFERENCE_JOB_SETTINGS,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 2,
      stopTimeoutMs: 1_000,
    },
  );
  if (references) {
    await references.jobs.start();
    await references.jobs.work((job) =>
      runReferenceJob({ db, mail, baseUrl: config.baseUrl, log, references, sms }, job),
    );
  }
  const deps: AppDeps = {
    config,
    db,
    pool,
    databaseKind: "external",
    storage: createDiskStorage(path.join(dataDir, "files")),
    mail,
    auth: createAuth(config, db, mail, log),
    log,
    statements: createStatementReader(),
    references,
    sms,
  };
  const app = createApp(deps, { checkAnswers: true, ...options });
  return {
    app,
    db,
    pool,
    deps,
    config,
    databaseUrl,
    dataDir,
    mail,
    async close() {
      await deps.statements.close();
      await references?.jobs.stop();
      await sms?.jobs.stop();
      await mail.stop();
      await pool.end();
      if (!overrides.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A response's JSON body, typed loosely for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
export async function body(res: Response): Promise<any> {
  return res.json();
}
