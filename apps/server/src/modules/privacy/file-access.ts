import { type FileAccessScreen, RECORDED_FILE_KINDS, type RecordedFileKind } from "@app/shared/privacy";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { fileAccesses } from "../../db/schema";
import type { Logger } from "../../logger";
import type { StoredFile } from "../../storage/stored-files";

export const isRecordedKind = (kind: string): kind is RecordedFileKind =>
  (RECORDED_FILE_KINDS as readonly string[]).includes(kind);

/**
 * Records that a staff user opened an applicant's document (decision 099). One INSERT (the enrolment is
 * found inside it), started after the download's stream is ready and never awaited: the download does not
 * wait on it, and a failure is logged, never the caller's.
 */
export function recordFileAccess(
  deps: { db: Database; log: Logger },
  access: { file: StoredFile; actorUserId: string; screen: FileAccessScreen },
): void {
  const { file } = access;
  if (!isRecordedKind(file.kind)) return;
  const enrollmentOfFile = sql`(
    select e.id from enrollments e
     where e.id_card_front_file_id = ${file.id} or e.id_card_back_file_id = ${file.id} or e.certificate_file_id = ${file.id}
    union all
    select r.enrollment_id from payment_receipts r where r.file_id = ${file.id}
    limit 1)`;
  deps.db
    .insert(fileAccesses)
    .values({
      fileId: file.id,
      fileKind: file.kind,
      ownerUserId: file.ownerUserId,
      enrollmentId: enrollmentOfFile,
      actorUserId: access.actorUserId,
      screen: access.screen,
    })
    .then(
      () => undefined,
      (err: unknown) => deps.log.error({ err, fileId: file.id }, "file access not recorded"),
    );
}
