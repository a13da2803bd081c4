import { ENROLLMENT_DOCUMENT_LABELS, type EnrollmentDocumentKind } from "@app/shared/enrollment-review";
import { DOCUMENTS_CORRECTED_NOTE, documentReplacedNote } from "@app/shared/history-notes";
import { DOCUMENT_MIME_TYPES } from "@app/shared/limits";
import { DOCUMENT_WRONG_TYPE, documentFileMissing, documentNotRequested } from "@app/shared/messages";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { enrollmentDocumentRequests, enrollments } from "../../../db/schema";
import { ApiError } from "../../../http/errors";
import { checkFile, namingDocument } from "../../../storage/file-check";
import type { FileStorage } from "../../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../../storage/stored-files";
import { ENROLLMENT_NOT_FOUND } from "../enrollment-admin.queries";
import { deleteUnusedDocumentFiles } from "../enrollment-files";
import { recordEvent } from "../enrollment-history";
import { listOwnEnrollmentViews } from "../own-enrollments.service";

const FILE_COLUMN = {
  id_card_front: "idCardFrontFileId",
  id_card_back: "idCardBackFileId",
  certificate: "certificateFileId",
} as const satisfies Record<EnrollmentDocumentKind, keyof typeof enrollments.$inferSelect>;

const NOT_REQUESTED = (label: string) => ApiError.of(409, documentNotRequested(label));

/**
 * The student replaces one refused document (decision 018): same checks as the enrolment form (type
 * by content, at most 5 MB), and only a document with an open request of one of the student's own
 * enrolments in correction_requested. In one transaction the new file is attached, the request is
 * resolved, and when no request stays open the enrolment returns to pre_inscrito for review. The old
 * file goes after the commit; a failed transaction removes the new one. Answers the enrolment as the
 * student now sees it.
 */
export async function replaceOwnDocument(
  db: Database,
  storage: FileStorage,
  who: { studentAccountId: string; userId: string },
  enrollmentId: string,
  document: EnrollmentDocumentKind,
  file: unknown,
) {
  const label = ENROLLMENT_DOCUMENT_LABELS[document];
  const named = { field: "file", label };
  if (!(file instanceof File) || (file.size === 0 && !file.name)) {
    throw ApiError.onField(400, documentFileMissing(label), "file");
  }
  const data = Buffer.from(await file.arrayBuffer());
  const checked = await checkFile(data, DOCUMENT_MIME_TYPES, DOCUMENT_WRONG_TYPE).catch((err: unknown) => {
    throw namingDocument(err, named);
  });

  // Someone else's enrolment answers like a missing one, before anything is written.
  const [own] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.studentAccountId, who.studentAccountId)));
  if (!own) throw ENROLLMENT_NOT_FOUND();

  const written = await putFiles(storage, [{ kind: document, data, checked }]);
  let previousFileId: string | null;
  try {
    previousFileId = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.studentAccountId, who.studentAccountId)))
        .for("update");
      if (!row) throw ENROLLMENT_NOT_FOUND();
      if (row.status !== "correction_requested") throw NOT_REQUESTED(label);
      const open = and(
        eq(enrollmentDocumentRequests.enrollmentId, enrollmentId),
        isNull(enrollmentDocumentRequests.resolvedAt),
      );
      const resolved = await tx
        .update(enrollmentDocumentRequests)
        .set({ resolvedAt: new Date() })
        .where(and(open, eq(enrollmentDocumentRequests.document, document)))
        .returning({ id: enrollmentDocumentRequests.id });
      if (resolved.length === 0) throw NOT_REQUESTED(label);

      const [fileId] = await recordFiles(tx, who.userId, written);
      await tx
        .update(enrollments)
        .set({ [FILE_COLUMN[document]]: fileId })
        .where(eq(enrollments.id, enrollmentId));
      const base = { actorUserId: who.userId, fromStatus: row.status, toStatus: row.status };
      await recordEvent(tx, enrollmentId, {
        ...base,
        kind: "document_replaced",
        note: documentReplacedNote(label),
      });

      const [stillOpen] = await tx.select({ n: count() }).from(enrollmentDocumentRequests).where(open);
      if ((stillOpen?.n ?? 0) === 0) {
        await tx.update(enrollments).set({ status: "pre_inscrito" }).where(eq(enrollments.id, enrollmentId));
        await recordEvent(tx, enrollmentId, {
          ...base,
          toStatus: "pre_inscrito",
          note: DOCUMENTS_CORRECTED_NOTE,
        });
      }
      return row[FILE_COLUMN[document]];
    });
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }
  await forgetFile(db, storage, previousFileId);
  const views = await listOwnEnrollmentViews(db, who.studentAccountId);
  return views.find((v) => v.id === enrollmentId)!;
}

/** The replaced document: its row now, its object once the row is gone — unless another enrolment kept it (issue 14). */
async function forgetFile(db: Database, storage: FileStorage, fileId: string | null) {
  const [gone] = await deleteUnusedDocumentFiles(db, [fileId]);
  if (gone) await storage.delete(gone).catch(() => undefined);
}
