import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Logger } from "../logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** `signal` ends a delivery in progress (the queue's worker stopping): its connection is closed. */
  send(message: MailMessage, signal?: AbortSignal): Promise<void>;
}

/**
 * An SMTP server that accepts the connection and then stalls fails the try within seconds, not the
 * library's minutes (issue 23): the queue tries again later (mail-queue.ts).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 } as const;

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox and the log names its
 * file. Never the links: a password-reset link in a log line is a staff account for whoever reads the logs.
 * Only the queue's worker calls it (mail-queue.ts): a request enqueues, it never waits for a mail server.
 */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">, log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      transport: "smtp",
      async send(message, signal) {
        await transport.sendMail({ from: config.mailFrom, ...message, signal });
        log.info({ to: message.to, subject: message.subject }, "e-mail sent");
      },
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    transport: "outbox",
    async send(message) {
      const info = await writer.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file }, "e-mail written to the outbox (no SMTP_URL)");
    },
  };
}
