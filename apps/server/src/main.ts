import "./threadpool";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { ConfigError, type EnvConfig, loadConfig, warnAboutLoopbackBaseUrl, warnAboutOutbox } from "./config";
import { createDb, createPool } from "./db/client";
import { openDatabase } from "./db/connect";
import { withInstallationSecrets } from "./db/installation-secrets";
import { runMigrations } from "./db/migrate";
import { seedDemoData } from "./db/seed-demo";
import { createLogger } from "./logger";
import { createMailQueue } from "./mail/mail-queue";
import { createMailer } from "./mail/mailer";
import { createStatementReader } from "./modules/bank-statements/statement-reader";
import { scheduleStatementRetention } from "./modules/bank-statements/statement-receipts";
import { runReferenceJob } from "./modules/payment-references/payment-references.service";
import { schedulePolling } from "./modules/payment-references/provider-payments.service";
import { createPaymentReferences } from "./modules/payment-references/references-setup";
import { scheduleRetention } from "./modules/privacy/retention";
import { deliverSms } from "./modules/sms/deliver-sms";
import { createSms } from "./modules/sms/sms-setup";
import { type Closable, closeInOrder } from "./shutdown";
import { createStorage } from "./storage";
import { scheduleOrphanSweeps } from "./storage/orphan-files";

function defaultWebDist(): string {
  // apps/server/dist/main.js and apps/server/src/main.ts both sit two levels below apps/.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");
}

async function main(): Promise<void> {
  let env: EnvConfig;
  try {
    env = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(env.logLevel);
  warnAboutLoopbackBaseUrl(env, log);
  warnAboutOutbox(env, log);
  // A stop asked for during start-up (SIGTERM while the database starts or migrates) is honoured when the
  // step in progress ends, closing what is open: the embedded PostgreSQL never outlives its server.
  let stopAsked: string | undefined;
  let onStop = (signal: string) => {
    stopAsked ??= signal;
  };
  process.on("SIGINT", () => onStop("SIGINT"));
  process.on("SIGTERM", () => onStop("SIGTERM"));
  const database = await openDatabase(env, log);
  const pool = createPool(database.url, log);
  const noMail = { stop: async () => {} };
  const stopIfAsked = async (mail: Closable["mail"] = noMail) => {
    if (!stopAsked) return;
    log.info({ signal: stopAsked }, "shutting down during start-up");
    await closeInOrder({ mail, pool, database }, log);
    log.info("stopped");
    process.exit(0);
  };
  await stopIfAsked();
  try {
    await runMigrations(pool);
  } catch (err) {
    await pool.end();
    await database.stop();
    throw err;
  }
  const db = createDb(pool);
  // Secrets the environment leaves unset: the installation's, shared through the database (decision 065).
  const config = await withInstallationSecrets(env, db, log).catch(async (err) => {
    await pool.end();
    await database.stop();
    throw err;
  });
  await stopIfAsked();
  const storage = createStorage(config);
  if (config.demoData && (await seedDemoData(db, { storage, config }))) log.info("demo data loaded");
  await stopIfAsked();

  // Outgoing e-mail (decision 056): pg-boss installs or migrates its schema, then this instance's worker sends.
  const mailer = createMailer(config, log);
  const mail = createMailQueue({ databaseUrl: database.url, db, log });
  try {
    await mail.start();
    await mail.work(mailer);
  } catch (err) {
    await mail.stop().catch(() => {});
    await pool.end();
    await database.stop();
    throw err;
  }
  await stopIfAsked(mail);
  // SMS to students (decision 092), when SMS_PROVIDER is set: the queue of messages and its worker.
  const sms = createSms(config, { databaseUrl: database.url, log });
  if (sms) {
    await sms.jobs.start();
    await sms.jobs.work((job, retryCount) => deliverSms({ db, sms, log }, job.messageId, retryCount));
    log.info({ provider: config.sms!.provider, from: sms.provider.from }, "SMS on");
  }
  // Multicaixa references (decision 075), when PROXYPAY_* are set: the provider calls' queue and its worker.
  const references = createPaymentReferences(config, { databaseUrl: database.url, log });
  let polling: { stop(): void } | undefined;
  if (references) {
    await references.jobs.start();
    const referenceDeps = { db, mail, baseUrl: config.baseUrl, log, references, sms };
    await references.jobs.work((job) => runReferenceJob(referenceDeps, job));
    polling = schedulePolling(referenceDeps, config.proxyPay!.pollSeconds * 1000);
    log.info({ provider: config.proxyPay!.baseUrl, entity: config.proxyPay!.entity }, "Multicaixa references on");
  }
  const auth = createAuth(config, db, mail, log);
  // Bank-statement files are read in worker threads (decision 078).
  const statements = createStatementReader();
  const app = createApp(
    { config, db, pool, databaseKind: database.kind, storage, mail, auth, log, statements, references, sms },
    { webDist: config.webDist ?? defaultWebDist() },
  );

  // Files no row names, left by a storage failure mid-submission (decision 071).
  const sweeps = scheduleOrphanSweeps(db, storage, log);
  // Decided statement lines' payer and free text blanked after their audit period (decision 074).
  const retention = scheduleStatementRetention(db, log);
  // Files of ended enrolments deleted after the period super_admin set (decision 099).
  const privacyRetention = scheduleRetention({ db, storage, log });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info(
      { port: info.port, database: database.kind, storage: storage.driver, mail: mailer.transport },
      `listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${info.port}`,
    );
  });

  let stopping = false;
  // Decision 066: every step after the signal is bounded (shutdown.ts), so 'stopped' always comes and
  // the embedded PostgreSQL is always stopped, whatever hangs.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    sweeps.stop();
    retention.stop();
    privacyRetention.stop();
    polling?.stop();
    await statements.close();
    await references?.jobs.stop().catch((err: Error) => log.warn({ error: err.message }, "reference queue stop"));
    await sms?.jobs.stop().catch((err: Error) => log.warn({ error: err.message }, "sms queue stop"));
    await closeInOrder({ server, mail, pool, database }, log);
    log.info("stopped");
    process.exit(0);
  };
  onStop = (signal) => void shutdown(signal);
  if (stopAsked) onStop(stopAsked);
  server.on("error", async (err: NodeJS.ErrnoException) => {
    log.fatal({ err }, err.code === "EADDRINUSE" ? `port ${config.port} is already in use; set PORT` : "server error");
    stopping = true;
    await closeInOrder({ mail, pool, database }, log);
    process.exit(1);
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
