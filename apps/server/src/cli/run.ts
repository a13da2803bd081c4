import type { Config } from "../config";
import { type DatabaseTarget, openDatabase } from "../db/connect";
import { createLogger } from "../logger";

/**
 * The configured database for a command: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, attached
 * to when a server runs on it, otherwise started for the command and stopped after it.
 */
export async function onConfiguredDatabase<T>(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  work: (database: DatabaseTarget) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(config, createLogger("warn"), { stopAttached: false });
  try {
    return await work(database);
  } finally {
    await database.stop();
  }
}

/** Exits with the command's code, or 1 after printing the error's message (an operator's words, no stack). */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
