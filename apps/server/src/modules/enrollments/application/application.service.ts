import { APPLICATION_SENT_NOTE } from "@app/shared/history-notes";
import { ENROLLMENT_ALREADY_SUBMITTED } from "@app/shared/messages";
import { studentEnrollmentSchema } from "@app/shared/schemas/enrollments";
import type { Database } from "../../../db/client";
import { ApiError } from "../../../http/errors";
import type { FileStorage } from "../../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../../storage/stored-files";
import { insertOwnEnrollment, lockOwnAccount, readEnrollmentForm } from "../enrollment-form";

type FormFields = Record<string, unknown>;

/**
 * The student's own enrolment (SPEC §4): creates it with status pre_inscrito, its three documents
 * and its first history event, and marks the account's enrolment as completed — all or nothing.
 * The documents are checked by content before anything is written; if the database part fails,
 * the stored files are removed.
 */
export async function submitOwnEnrollment(
  db: Database,
  storage: FileStorage,
  who: { studentAccountId: string; userId: string },
  form: FormFields,
) {
  const { data, files, course } = await readEnrollmentForm(db, studentEnrollmentSchema, form);

  const written = await putFiles(storage, files);
  try {
    return await db.transaction(async (tx) => {
      const account = await lockOwnAccount(tx, who.studentAccountId);
      if (account.enrollmentCompleted) throw ApiError.of(409, ENROLLMENT_ALREADY_SUBMITTED);

      const [frontId, backId, certificateId] = await recordFiles(tx, who.userId, written);
      return insertOwnEnrollment(tx, who.userId, account, data, course.id, {
        files: { idCardFront: frontId!, idCardBack: backId!, certificate: certificateId! },
        note: APPLICATION_SENT_NOTE,
      });
    });
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }
}
