import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { appMeta } from "../db/schema";

/**
 * When an operation an operator watches last succeeded, kept in app_meta so that every instance (and the
 * metrics of each) reads the same: a backup is taken by `npm run backup` on any machine, the ProxyPay poll
 * by whichever instance holds its lock.
 */
export const OPERATION_MARKS = {
  backup: "last_backup_at",
  proxyPayPoll: "proxypay_last_poll_at",
} as const;
export type OperationMark = keyof typeof OPERATION_MARKS;

/** Records that `mark` succeeded now (database time: one clock for every instance). */
export async function markOperation(db: Database, mark: OperationMark): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: OPERATION_MARKS[mark], value: "ok", updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: appMeta.key, set: { updatedAt: sql`now()` } });
}

/** When each operation last succeeded; null: never. */
export async function operationMarks(db: Database): Promise<Record<OperationMark, Date | null>> {
  const rows = await db
    .select({ key: appMeta.key, at: appMeta.updatedAt })
    .from(appMeta)
    .where(inArray(appMeta.key, Object.values(OPERATION_MARKS)));
  const at = (key: string) => rows.find((r) => r.key === key)?.at ?? null;
  return { backup: at(OPERATION_MARKS.backup), proxyPayPoll: at(OPERATION_MARKS.proxyPayPoll) };
}
