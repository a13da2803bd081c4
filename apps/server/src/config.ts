import { createPrivateKey } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_PASSWORD_QUEUE_SECONDS } from "./auth/password-hashing";
import type { Logger } from "./logger";

/** The only reader of process.env. Validated once at start; a bad value stops the server with a clear message. */

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  BASE_URL: z.url({ message: "must be a URL such as https://portal.example.ao" }).optional(),
  AUTH_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Instituto <no-reply@instituto.ao>"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  /** The bearer token Prometheus sends to GET /metrics (decision 098); unset: no /metrics at all (404). */
  METRICS_TOKEN: z.string().min(32, "must have at least 32 characters").optional(),
  /** off: requests are not counted (the bench's with/without comparison); /metrics keeps the rest. */
  METRICS_REQUESTS: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_DATA: booleanFlag.optional(),
  WEB_DIST: z.string().optional(),
  /** Ed25519 private key (PKCS#8 PEM; "\n" may stand for line breaks) that signs the digital credentials. */
  CREDENTIAL_SIGNING_KEY: z.string().optional(),
  /** Multicaixa references through ProxyPay (issue 26, decision 075): off unless the key and entity are set. */
  PROXYPAY_API_KEY: z.string().min(8, "must have at least 8 characters").optional(),
  PROXYPAY_ENTITY: z
    .string()
    .regex(/^\d{5}$/, "must be the 5-digit entity")
    .optional(),
  PROXYPAY_BASE_URL: z.url({ message: "must be a URL such as https://api.sandbox.proxypay.co.ao" }).optional(),
  PROXYPAY_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * The longest a request may wait in line for the password hasher (decision 090): beyond it the server
   * answers 503 with Retry-After at once. 0: a hash only when a core is free (tests saturate it so).
   */
  PASSWORD_QUEUE_SECONDS: z.coerce.number().min(0).max(60).default(DEFAULT_PASSWORD_QUEUE_SECONDS),
  /** SMS to students (issue 36, decision 092): off unless SMS_PROVIDER and its settings are set. */
  SMS_PROVIDER: z.enum(["twilio"], { message: "must be twilio (the only provider so far)" }).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be the Account SID: AC and 32 hexadecimal digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "must have at least 16 characters").optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+\d{8,15}|MG[0-9a-fA-F]{32}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
      "must be a sender ID (up to 11 letters, digits or spaces, with one letter), a +number or a Messaging Service SID (MG…)",
    )
    .optional(),
  TWILIO_BASE_URL: z.url({ message: "must be a URL such as https://api.twilio.com" }).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  trustProxy: boolean;
  /** METRICS_TOKEN: what GET /metrics asks for (decision 098); undefined: /metrics answers 404. Never logged. */
  metricsToken: string | undefined;
  /** METRICS_REQUESTS (default on): count each HTTP request for /metrics and 'Estado do sistema'. */
  countRequests: boolean;
  logLevel: string;
  demoData: boolean;
  webDist: string | undefined;
  /** PKCS#8 PEM of the Ed25519 key that signs certificates' credentials (decision 040). Never logged. */
  credentialSigningKey: string;
  /** Multicaixa references (decision 075); undefined: off, the bank-transfer flow only. Never logged. */
  proxyPay: { apiKey: string; entity: string; baseUrl: string; pollSeconds: number } | undefined;
  /** PASSWORD_QUEUE_SECONDS: how long a hash may wait for the password hasher (decision 090). */
  passwordQueueSeconds: number;
  /** SMS to students (decision 092); undefined: off, nothing is sent. The token is never logged. */
  sms: SmsConfig | undefined;
}

export interface SmsConfig {
  provider: "twilio";
  accountSid: string;
  authToken: string;
  /** An alphanumeric sender ID, a +number, or a Messaging Service SID (MG…). */
  from: string;
  baseUrl: string;
}

/**
 * What the environment says. AUTH_SECRET and CREDENTIAL_SIGNING_KEY left unset are taken from the
 * database at start (db/installation-secrets.ts, decision 065), so every instance has the same ones.
 */
export type EnvConfig = Omit<Config, "authSecret" | "credentialSigningKey"> & {
  authSecret: string | undefined;
  credentialSigningKey: string | undefined;
};

export class ConfigError extends Error {}

/** Reads and validates the environment. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.S3_BUCKET && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError("Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  if (!e.PROXYPAY_API_KEY !== !e.PROXYPAY_ENTITY) {
    throw new ConfigError("Invalid configuration:\n  PROXYPAY_API_KEY and PROXYPAY_ENTITY must be set together");
  }
  const sms = smsConfig(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    countRequests: e.METRICS_REQUESTS === "on",
    logLevel: e.LOG_LEVEL,
    // Demo data is on by default only on the embedded database.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    webDist: e.WEB_DIST,
    credentialSigningKey: e.CREDENTIAL_SIGNING_KEY
      ? checkSigningKey(e.CREDENTIAL_SIGNING_KEY.replace(/\\n/g, "\n"))
      : undefined,
    proxyPay:
      e.PROXYPAY_API_KEY && e.PROXYPAY_ENTITY
        ? {
            apiKey: e.PROXYPAY_API_KEY,
            entity: e.PROXYPAY_ENTITY,
            baseUrl: (e.PROXYPAY_BASE_URL ?? PROXYPAY_SANDBOX_URL).replace(/\/$/, ""),
            pollSeconds: e.PROXYPAY_POLL_SECONDS,
          }
        : undefined,
    passwordQueueSeconds: e.PASSWORD_QUEUE_SECONDS,
    sms,
  };
}

const TWILIO_VARIABLES = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/** SMS_PROVIDER=twilio needs the three TWILIO_* settings; TWILIO_* without SMS_PROVIDER is a mistake too. */
function smsConfig(e: z.output<typeof envSchema>): SmsConfig | undefined {
  const missing = TWILIO_VARIABLES.filter((name) => !e[name]);
  if (!e.SMS_PROVIDER) {
    if (missing.length < TWILIO_VARIABLES.length)
      throw new ConfigError(
        "Invalid configuration:\n  TWILIO_* are set but SMS_PROVIDER is not: set SMS_PROVIDER=twilio",
      );
    return undefined;
  }
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n  SMS_PROVIDER=twilio needs ${missing.join(", ")}`);
  return {
    provider: e.SMS_PROVIDER,
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    from: e.TWILIO_FROM!,
    baseUrl: (e.TWILIO_BASE_URL ?? TWILIO_API_URL).replace(/\/$/, ""),
  };
}

/** Twilio's REST API host, the default while TWILIO_BASE_URL is unset. */
export const TWILIO_API_URL = "https://api.twilio.com";

/** ProxyPay's sandbox, the default host while PROXYPAY_BASE_URL is unset. */
export const PROXYPAY_SANDBOX_URL = "https://api.sandbox.proxypay.co.ao";

/** The credential key (configured, or kept in the database) must be an Ed25519 private key in PKCS#8 PEM. */
export function checkSigningKey(pem: string): string {
  try {
    if (createPrivateKey(pem).asymmetricKeyType === "ed25519") return pem;
  } catch {
    // reported below, without the value
  }
  throw new ConfigError(
    "Invalid configuration:\n  CREDENTIAL_SIGNING_KEY: must be an Ed25519 private key in PKCS#8 PEM (openssl genpkey -algorithm ed25519)",
  );
}

/** Whether a URL's scheme asks for Secure cookies. */
export function isHttps(config: Pick<Config, "baseUrl">): boolean {
  return config.baseUrl.startsWith("https://");
}

/**
 * Whether BASE_URL names this machine only (localhost, *.localhost, 127.0.0.0/8, ::1, 0.0.0.0): then
 * every certificate, its QR code and its signed credential would carry an address that works nowhere
 * else, for ever (decision 049). A private LAN address is not loopback: it works inside the institute.
 */
export function isLoopbackBaseUrl(config: Pick<Config, "baseUrl">): boolean {
  let host: string;
  try {
    host = new URL(config.baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "[::1]" ||
    host === "0.0.0.0"
  );
}

/** The start-up warning while BASE_URL is a loopback address (main.ts logs it once). */
export function warnAboutLoopbackBaseUrl(config: Pick<Config, "baseUrl">, log: Pick<Logger, "warn">): void {
  if (!isLoopbackBaseUrl(config)) return;
  log.warn(
    { baseUrl: config.baseUrl },
    "BASE_URL is a loopback address: every certificate, its QR code and its signed credential would carry it for ever. Set BASE_URL to the public address (https://…) before the first certificate is issued",
  );
}

/**
 * The start-up warning without SMTP_URL (main.ts logs it once): e-mail is written to this instance's
 * DATA_DIR/outbox, not sent; with DATABASE_URL (several instances) each instance has its own folder.
 */
export function warnAboutOutbox(
  config: Pick<Config, "smtpUrl" | "databaseUrl" | "dataDir">,
  log: Pick<Logger, "warn">,
): void {
  if (config.smtpUrl) return;
  const outbox = path.join(config.dataDir, "outbox");
  log.warn(
    { outbox },
    config.databaseUrl
      ? "SMTP_URL is not set: e-mails are not sent but written to this instance's DATA_DIR/outbox; with DATABASE_URL every instance writes into its own folder, so the e-mails are spread over the instances. Set SMTP_URL"
      : "SMTP_URL is not set: e-mails are not sent but written to DATA_DIR/outbox. Set SMTP_URL to send them",
  );
}
