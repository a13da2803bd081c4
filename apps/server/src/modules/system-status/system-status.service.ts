import { statfs } from "node:fs/promises";
import path from "node:path";
import { BACKUP_WARNING_HOURS, type SystemStatus } from "@app/shared/schemas/system-status";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../http/env";
import { type Metrics, poolCounts, queueCounts } from "../../metrics/metrics";
import { operationMarks } from "../../metrics/operation-marks";

/**
 * 'Estado do sistema' (decision 098): read when asked, from what /metrics reads (this instance's memory,
 * pg-boss's tables, app_meta) plus PostgreSQL's size and connections and the files' disk. Nothing is
 * gathered while nobody looks.
 */
export async function systemStatus(deps: AppDeps, metrics: Metrics): Promise<SystemStatus> {
  const [queues, marks, database, disk] = await Promise.all([
    queueCounts(deps.db),
    operationMarks(deps.db),
    databaseFigures(deps),
    deps.config.s3 ? null : diskFigures(path.join(deps.config.dataDir, "files")),
  ]);
  const backupAgeMs = marks.backup ? Date.now() - marks.backup.getTime() : Number.POSITIVE_INFINITY;
  return {
    generatedAt: new Date().toISOString(),
    requests: metrics.lastHour(),
    queues,
    proxyPay: { enabled: deps.references !== undefined, lastPollAt: marks.proxyPayPoll?.toISOString() ?? null },
    backup: { lastAt: marks.backup?.toISOString() ?? null, overdue: backupAgeMs > BACKUP_WARNING_HOURS * 3_600_000 },
    database: { ...database, pool: poolCounts(deps.pool) },
    disk,
  };
}

async function databaseFigures(deps: AppDeps) {
  const { rows } = await deps.db.execute<{ size: string; connections: number; max: string }>(sql`
    select pg_database_size(current_database())::text as size,
      (select count(*)::int from pg_stat_activity where datname = current_database()) as connections,
      current_setting('max_connections') as max`);
  const row = rows[0]!;
  return { sizeBytes: Number(row.size), connections: row.connections, maxConnections: Number(row.max) };
}

/** The files' folder, or the nearest folder above it that exists yet (a new installation has none). */
async function diskFigures(folder: string) {
  for (let at = folder; ; at = path.dirname(at)) {
    try {
      const fs = await statfs(at);
      return { freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT" || at === path.dirname(at)) throw err;
    }
  }
}
