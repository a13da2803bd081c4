import type { Hono } from "hono";
import type pg from "pg";
import type { Auth } from "../auth/auth";
import type { SessionInfo } from "../auth/session";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { DatabaseKind } from "../db/connect";
import type { Logger } from "../logger";
import type { MailQueue } from "../mail/mail-queue";
import type { Metrics } from "../metrics/metrics";
import type { StatementReader } from "../modules/bank-statements/statement-reader";
import type { PaymentReferences } from "../modules/payment-references/references-setup";
import type { Sms } from "../modules/sms/sms-setup";
import type { FileStorage } from "../storage/storage";

/** Everything a request handler may use; built once in main.ts (or per test file). */
export interface AppDeps {
  config: Config;
  db: Database;
  pool: pg.Pool;
  databaseKind: DatabaseKind;
  storage: FileStorage;
  /** Outgoing e-mail: enqueued in a request's transaction, sent by the worker (decision 056). */
  mail: MailQueue;
  auth: Auth;
  log: Logger;
  /** Reads bank-statement files in worker threads (decision 078). */
  statements: StatementReader;
  /** Multicaixa references (decision 075); undefined when PROXYPAY_* are unset. */
  references?: PaymentReferences;
  /** SMS to students (decision 092); undefined when SMS_PROVIDER is unset. */
  sms?: Sms;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    /** This app's Prometheus figures (metrics/metrics.ts). */
    metrics: Metrics;
    /** Set by the guards (requireStaff, requireStudent). */
    session: SessionInfo;
    /** Answers are checked against the shared contract (tests; see http/answer-check.ts). */
    checkAnswers: boolean;
  };
}

export type AppHono = Hono<AppEnv>;
