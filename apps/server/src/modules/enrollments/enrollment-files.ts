import { and, eq, inArray, notExists, or } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { enrollments, storedFiles } from "../../db/schema";

/**
 * Deletes the document rows among `fileIds` that no enrolment uses any more (a returning student's
 * enrolments may share the documents they kept), inside the caller's transaction; answers the storage
 * keys to remove after the commit.
 */
export async function deleteUnusedDocumentFiles(tx: Database | Tx, fileIds: readonly (string | null)[]) {
  const ids = fileIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return [];
  const gone = await tx
    .delete(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, ids),
        notExists(
          tx
            .select({ id: enrollments.id })
            .from(enrollments)
            .where(
              or(
                eq(enrollments.idCardFrontFileId, storedFiles.id),
                eq(enrollments.idCardBackFileId, storedFiles.id),
                eq(enrollments.certificateFileId, storedFiles.id),
              ),
            ),
        ),
      ),
    )
    .returning({ key: storedFiles.storageKey });
  return gone.map((g) => g.key);
}
