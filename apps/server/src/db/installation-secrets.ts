import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type Config, checkSigningKey, type EnvConfig } from "../config";
import type { Logger } from "../logger";
import type { Database } from "./client";
import { installationSecrets } from "./schema";

/**
 * AUTH_SECRET and CREDENTIAL_SIGNING_KEY when the environment leaves them unset (decision 065): one value
 * per installation, kept in the database so every instance on it signs and checks with the same one.
 * The first start writes it (insert-if-absent, then read: two instances starting together on an empty
 * database end up with the one that won), adopting the file an earlier version generated into DATA_DIR
 * so that no session or credential breaks; otherwise a fresh random value. The environment still wins.
 */
const SECRETS = {
  authSecret: {
    name: "auth_secret",
    variable: "AUTH_SECRET",
    file: "auth-secret",
    fromFile: (text: string) => text.trim(),
    generate: () => randomBytes(32).toString("base64url"),
  },
  credentialSigningKey: {
    name: "credential_signing_key",
    variable: "CREDENTIAL_SIGNING_KEY",
    file: "credential-signing-key.pem",
    fromFile: (text: string) => text,
    generate: () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  },
} as const;

type Secret = (typeof SECRETS)[keyof typeof SECRETS];

/** The configuration with both secrets: the environment's, or the installation's from the database. */
export async function withInstallationSecrets(
  config: EnvConfig,
  db: Database,
  log: Pick<Logger, "info" | "warn">,
): Promise<Config> {
  const authSecret = config.authSecret ?? (await installationSecret(db, config.dataDir, SECRETS.authSecret, log));
  const credentialSigningKey =
    config.credentialSigningKey ??
    checkSigningKey(await installationSecret(db, config.dataDir, SECRETS.credentialSigningKey, log));
  return { ...config, authSecret, credentialSigningKey };
}

async function installationSecret(
  db: Database,
  dataDir: string,
  secret: Secret,
  log: Pick<Logger, "info" | "warn">,
): Promise<string> {
  const file = path.join(dataDir, secret.file);
  const inFile = existsSync(file) ? secret.fromFile(readFileSync(file, "utf8")) : undefined;
  let kept = await read(db, secret.name);
  if (kept === undefined) {
    const [written] = await db
      .insert(installationSecrets)
      .values({ name: secret.name, value: inFile ?? secret.generate() })
      .onConflictDoNothing()
      .returning({ name: installationSecrets.name });
    if (written) {
      log.info(
        { secret: secret.variable, from: inFile === undefined ? "generated" : file },
        `${secret.variable} is not set: this installation's own is kept in the database, shared by every instance`,
      );
    }
    kept = await read(db, secret.name);
  }
  if (kept === undefined) throw new Error(`installation secret ${secret.name}: written but not found`);
  if (inFile !== undefined && inFile !== kept) {
    log.warn(
      { file },
      `${file} is not used: ${secret.variable} is the one kept in the database, the same on every instance; delete the file`,
    );
  }
  return kept;
}

async function read(db: Database, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: installationSecrets.value })
    .from(installationSecrets)
    .where(eq(installationSecrets.name, name));
  return row?.value;
}
