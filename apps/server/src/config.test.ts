import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { capturedLog } from "../test/log-lines";
import { ConfigError, loadConfig, warnAboutOutbox } from "./config";

describe("config", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "config-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("has working defaults: port 3000, embedded database with demo data", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      demoData: true,
      s3: undefined,
    });
    expect(config.baseUrl).toBe("http://localhost:3000");
  });

  it("turns demo data off by default on an external database", () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u:p@db:5432/app" }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u:p@db/app", DEMO_DATA: "true" }).demoData).toBe(
      true,
    );
  });

  it("leaves AUTH_SECRET and CREDENTIAL_SIGNING_KEY to the database when unset, writing nothing into DATA_DIR", () => {
    // db/installation-secrets.test.ts: the installation's own, shared by every instance (decision 065).
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.authSecret).toBeUndefined();
    expect(config.credentialSigningKey).toBeUndefined();
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
    expect(existsSync(path.join(dataDir, "credential-signing-key.pem"))).toBe(false);
  });

  it("takes AUTH_SECRET and CREDENTIAL_SIGNING_KEY (Ed25519 only) from the environment", () => {
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).authSecret).toBe(secret);
    const pem = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const oneLine = pem.replace(/\n/g, "\\n");
    expect(loadConfig({ DATA_DIR: dataDir, CREDENTIAL_SIGNING_KEY: oneLine }).credentialSigningKey).toBe(pem);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" });
    expect(() => loadConfig({ DATA_DIR: dataDir, CREDENTIAL_SIGNING_KEY: rsa.toString() })).toThrow(
      /CREDENTIAL_SIGNING_KEY: must be an Ed25519 private key/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, CREDENTIAL_SIGNING_KEY: "segredo" })).toThrow(
      /CREDENTIAL_SIGNING_KEY: must be an Ed25519 private key/,
    );
  });

  it("warns at start without SMTP_URL that e-mail goes to this instance's outbox (and, with DATABASE_URL, each instance's own)", () => {
    const { log, lines } = capturedLog("warn");
    warnAboutOutbox({ smtpUrl: "smtp://mail.inst.ao:25", databaseUrl: undefined, dataDir }, log);
    expect(lines).toEqual([]);
    warnAboutOutbox({ smtpUrl: undefined, databaseUrl: undefined, dataDir }, log);
    warnAboutOutbox({ smtpUrl: undefined, databaseUrl: "postgres://u:p@db/app", dataDir }, log);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, outbox: path.join(dataDir, "outbox") });
    expect(lines[0]!.msg).toContain("SMTP_URL is not set");
    expect(lines[0]!.msg).not.toContain("every instance");
    expect(lines[1]!.msg).toContain("every instance writes into its own folder");
  });

  it("fails fast with a message naming each bad variable", () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: "abc",
        DATABASE_URL: "mysql://x",
        LOG_LEVEL: "loud",
        AUTH_SECRET: "short",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL", "AUTH_SECRET"]) expect(message).toContain(name);
  });

  it("reads the S3 settings together", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: "docs",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(config.s3).toMatchObject({ bucket: "docs", forcePathStyle: true, region: "us-east-1" });
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "k" })).toThrow(ConfigError);
  });

  it("turns Multicaixa references on with PROXYPAY_API_KEY and a 5-digit PROXYPAY_ENTITY, set together", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).proxyPay).toBeUndefined();
    const on = loadConfig({ DATA_DIR: dataDir, PROXYPAY_API_KEY: "chave-secreta-1234", PROXYPAY_ENTITY: "12345" });
    expect(on.proxyPay).toEqual({
      apiKey: "chave-secreta-1234",
      entity: "12345",
      baseUrl: "https://api.sandbox.proxypay.co.ao",
      pollSeconds: 60,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, PROXYPAY_API_KEY: "chave-secreta-1234" })).toThrow(/set together/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, PROXYPAY_API_KEY: "chave-secreta-1234", PROXYPAY_ENTITY: "1234" }),
    ).toThrow(/PROXYPAY_ENTITY/);
  });

  it("turns SMS on with SMS_PROVIDER=twilio and the three TWILIO_* settings; unset, SMS is off", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).sms).toBeUndefined();
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0f".repeat(16)}`,
      TWILIO_AUTH_TOKEN: "token-secreto-123456",
      TWILIO_FROM: "INSTITUTO",
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...twilio }).sms).toEqual({
      provider: "twilio",
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: twilio.TWILIO_AUTH_TOKEN,
      from: "INSTITUTO",
      baseUrl: "https://api.twilio.com",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, ...twilio, TWILIO_FROM: "" })).toThrow(/needs TWILIO_FROM/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...twilio, SMS_PROVIDER: "" })).toThrow(/SMS_PROVIDER is not/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...twilio, SMS_PROVIDER: "nexmo" })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...twilio, TWILIO_ACCOUNT_SID: "AC123" })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...twilio, TWILIO_FROM: "INSTITUTO-LUANDA" })).toThrow(/TWILIO_FROM/);
    expect(loadConfig({ DATA_DIR: dataDir, ...twilio, TWILIO_FROM: "+244923000000" }).sms?.from).toBe("+244923000000");
  });
});
