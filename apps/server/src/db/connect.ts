import type { Config } from "../config";
import type { Logger } from "../logger";
import { startEmbeddedPostgres } from "./embedded";

export type DatabaseKind = "embedded" | "external";

export interface DatabaseTarget {
  url: string;
  kind: DatabaseKind;
  /** Stops the embedded PostgreSQL; nothing for an external server. */
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR/postgres (started or attached). */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  log: Logger,
  options: { stopAttached: boolean } = { stopAttached: true },
): Promise<DatabaseTarget> {
  if (config.databaseUrl) return { url: config.databaseUrl, kind: "external", stop: async () => {} };
  const embedded = await startEmbeddedPostgres(config.dataDir, log);
  return {
    url: embedded.url,
    kind: "embedded",
    stop: async () => {
      if (embedded.started || options.stopAttached) await embedded.stop();
    },
  };
}
