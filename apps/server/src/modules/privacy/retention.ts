import type { EnrollmentStatus } from "@app/shared/enums";
import { RECORDED_FILE_KINDS } from "@app/shared/privacy";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { enrollments, privacySettings, storedFiles } from "../../db/schema";
import type { Logger } from "../../logger";
import { runPeriodically } from "../../run-periodically";
import type { FileStorage } from "../../storage/storage";
import { ERASED_PERSONAL_FIELDS } from "./erased-fields";
import { deleteStoredKeys } from "./erasure.service";

/** Enrolments that ended: their files follow the retention period, and their student may be erased. */
export const ENDED_ENROLLMENT_STATUSES = [
  "completed",
  "not_completed",
  "rejected",
] as const satisfies readonly EnrollmentStatus[];

/** pg_try_advisory_xact_lock's key for the retention run: one instance at a time does it. */
export const RETENTION_LOCK = 990_099;
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Files (identity documents, certificate of studies, receipts) of enrolments that ended more than the
 * retention period before `now` are deleted (decision 099): their rows are marked deleted in one
 * transaction, then the storage drops them. Rejected applications' personal fields are erased by the
 * same rule. 'Nunca' (null) deletes nothing. Answers what it did, or undefined when another instance
 * is running it.
 */
export async function applyRetention(
  deps: { db: Database; storage: FileStorage; log: Logger },
  now = new Date(),
): Promise<{ files: number; applications: number } | undefined> {
  const done = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as got`,
    );
    if (!rows[0]?.got) return undefined;
    const [settings] = await tx.select().from(privacySettings).where(eq(privacySettings.id, 1));
    const months = settings?.retentionMonths ?? null;
    if (months === null) return { keys: [] as string[], applications: 0 };
    // When the enrolment reached its (ended) status: its last History row into it.
    const endedBefore = sql`
      select e.id from enrollments e
       where e.status in (${sql.join(
         ENDED_ENROLLMENT_STATUSES.map((s) => sql`${s}`),
         sql`, `,
       )})
         and coalesce(
               (select max(ev.at) from enrollment_events ev where ev.enrollment_id = e.id and ev.to_status = e.status),
               e.result_at, e.application_date)
             < ${now.toISOString()}::timestamptz - make_interval(months => ${months})`;
    const deleted = await tx
      .update(storedFiles)
      .set({ deletedAt: now })
      .where(
        and(
          isNull(storedFiles.deletedAt),
          inArray(storedFiles.kind, RECORDED_FILE_KINDS),
          sql`${storedFiles.id} in (
            select unnest(array[e.id_card_front_file_id, e.id_card_back_file_id, e.certificate_file_id])
              from enrollments e where e.id in (${endedBefore})
            union all
            select r.file_id from payment_receipts r where r.enrollment_id in (${endedBefore}))`,
        ),
      )
      .returning({ key: storedFiles.storageKey });
    const erased = await tx
      .update(enrollments)
      .set({
        ...ERASED_PERSONAL_FIELDS,
        personalDataErasedAt: now,
      })
      .where(
        and(
          eq(enrollments.status, "rejected"),
          isNull(enrollments.personalDataErasedAt),
          sql`${enrollments.id} in (${endedBefore})`,
        ),
      )
      .returning({ id: enrollments.id });
    return { keys: deleted.map((d) => d.key), applications: erased.length };
  });
  if (!done) return undefined;
  await deleteStoredKeys(deps, done.keys);
  return { files: done.keys.length, applications: done.applications };
}

/** Once a day on each instance (and a minute after start), one of them runs the retention; failures are logged. */
export function scheduleRetention(deps: { db: Database; storage: FileStorage; log: Logger }) {
  const run = () =>
    applyRetention(deps).then(
      (done) => {
        if (done && (done.files || done.applications)) deps.log.info(done, "retention: files and applications erased");
      },
      (err: unknown) => deps.log.warn({ err }, "retention run failed; tried again tomorrow"),
    );
  return runPeriodically(run, 60_000, RETENTION_EVERY_MS);
}
