import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { storedFiles } from "../db/schema";
import type { Logger } from "../logger";
import { runPeriodically } from "../run-periodically";
import type { FileStorage } from "./storage";

/**
 * Files with no stored_files row (decision 071). A submission writes its files before its transaction
 * and removes them when the transaction fails; when the storage itself fails in between (a bucket down
 * after the first of three documents) that removal fails too, and the file stays, named by nothing.
 * Such a file older than a day can only be that: a submission's files get their row within seconds.
 */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How often each instance offers to sweep; one of them at a time does it (an advisory lock). */
export const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
/** Only keys of the shape the server generates (newStorageKey): anything else in the bucket is not ours. */
const OUR_KEY = /^[a-z-]+\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/;
/** pg_try_advisory_xact_lock's key for the sweep (any constant of ours; the migrations use another). */
export const SWEEP_LOCK = 710_071;
const BATCH = 500;

/**
 * Deletes the orphan files older than ORPHAN_AGE_MS. Answers the keys deleted, or undefined when another
 * instance is sweeping at this moment.
 */
export async function sweepOrphanFiles(db: Database, storage: FileStorage, now = new Date()) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as got`);
    if (!rows[0]?.got) return undefined;
    const old: string[] = [];
    for await (const o of storage.list()) {
      if (OUR_KEY.test(o.key) && now.getTime() - o.modifiedAt.getTime() > ORPHAN_AGE_MS) old.push(o.key);
    }
    const deleted: string[] = [];
    for (let i = 0; i < old.length; i += BATCH) {
      const batch = old.slice(i, i + BATCH);
      const named = await tx
        .select({ key: storedFiles.storageKey })
        .from(storedFiles)
        .where(inArray(storedFiles.storageKey, batch));
      const kept = new Set(named.map((r) => r.key));
      for (const key of batch.filter((k) => !kept.has(k))) {
        await storage.delete(key);
        deleted.push(key);
      }
    }
    return deleted;
  });
}

/** Every SWEEP_EVERY_MS (and once a minute after start), a sweep; a failed one is logged and tried next time. */
export function scheduleOrphanSweeps(db: Database, storage: FileStorage, log: Logger) {
  const sweep = () =>
    sweepOrphanFiles(db, storage).then(
      (deleted) => {
        if (deleted?.length) log.info({ count: deleted.length, keys: deleted.slice(0, 20) }, "orphan files deleted");
      },
      (err: unknown) => log.warn({ err }, "orphan file sweep failed; tried again later"),
    );
  return runPeriodically(sweep, 60_000, SWEEP_EVERY_MS);
}
