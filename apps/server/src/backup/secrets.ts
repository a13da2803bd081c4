import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config";

export type SecretFiles = { "auth-secret": string | undefined; "credential-signing-key.pem": string | undefined };

/**
 * The DATA_DIR files the configuration took its secrets from (config.ts creates them when the environment
 * sets none); undefined for a secret the environment sets, which the operator keeps beside the archive.
 */
export function secretFilesOf(config: Pick<Config, "dataDir" | "authSecret" | "credentialSigningKey">): SecretFiles {
  const fromFile = (name: string, value: string) => {
    const file = path.join(config.dataDir, name);
    return existsSync(file) && readFileSync(file, "utf8").trim() === value.trim() ? file : undefined;
  };
  return {
    "auth-secret": fromFile("auth-secret", config.authSecret),
    "credential-signing-key.pem": fromFile("credential-signing-key.pem", config.credentialSigningKey),
  };
}
