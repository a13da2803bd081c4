import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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

  it("generates AUTH_SECRET once, keeps it private in DATA_DIR, and reuses it", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("generates the credential signing key once (Ed25519, mode 600, never in the repo) or takes CREDENTIAL_SIGNING_KEY", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).credentialSigningKey;
    expect(createPrivateKey(first).asymmetricKeyType).toBe("ed25519");
    expect(loadConfig({ DATA_DIR: dataDir }).credentialSigningKey).toBe(first);
    const file = path.join(dataDir, "credential-signing-key.pem");
    expect(statSync(file).mode & 0o077).toBe(0);

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
});
