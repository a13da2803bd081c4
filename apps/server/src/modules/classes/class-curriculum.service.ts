import { CURRICULUM_MIME_TYPES } from "@app/shared/limits";
import { CLASS_NOT_FOUND, CURRICULUM_FILE_MISSING, CURRICULUM_WRONG_TYPE } from "@app/shared/messages";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { classes, storedFiles } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { checkFile } from "../../storage/file-check";
import type { FileStorage } from "../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../storage/stored-files";

const NOT_FOUND = () => ApiError.of(404, CLASS_NOT_FOUND);

/** Drops a replaced or detached curriculum: its row now, its object after the row is gone. */
export async function forgetCurriculumFile(db: Database, storage: FileStorage, fileId: string | null) {
  if (!fileId) return;
  const [gone] = await db
    .delete(storedFiles)
    .where(eq(storedFiles.id, fileId))
    .returning({ key: storedFiles.storageKey });
  if (gone) await storage.delete(gone.key).catch(() => undefined);
}

/** Locks the class row, points it at the file `next` gives, and returns the id it pointed at before. */
function swapCurriculum(db: Database, classId: string, next: (tx: Tx) => Promise<string | null>) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ fileId: classes.curriculumFileId })
      .from(classes)
      .where(eq(classes.id, classId))
      .for("update");
    if (!current) throw NOT_FOUND();
    await tx
      .update(classes)
      .set({ curriculumFileId: await next(tx) })
      .where(eq(classes.id, classId));
    return current.fileId;
  });
}

/**
 * Attaches (or replaces) a class's curriculum: PDF only, by its content, at most 5 MB.
 * The class row is locked so two uploads at once leave exactly one curriculum and no orphan row.
 */
export async function attachCurriculum(
  db: Database,
  storage: FileStorage,
  who: { userId: string },
  classId: string,
  file: unknown,
) {
  if (!(file instanceof File) || file.size === 0) {
    throw ApiError.onField(400, CURRICULUM_FILE_MISSING, "file");
  }
  const data = Buffer.from(await file.arrayBuffer());
  const checked = await checkFile(data, CURRICULUM_MIME_TYPES, CURRICULUM_WRONG_TYPE);
  const written = await putFiles(storage, [{ kind: "curriculum", data, checked }]);
  let previous: string | null;
  try {
    previous = await swapCurriculum(db, classId, async (tx) => (await recordFiles(tx, who.userId, written))[0]!);
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }
  await forgetCurriculumFile(db, storage, previous);
}

/** Detaches the curriculum; a class without one answers the same (idempotent). */
export async function detachCurriculum(db: Database, storage: FileStorage, classId: string) {
  const previous = await swapCurriculum(db, classId, async () => null);
  await forgetCurriculumFile(db, storage, previous);
}
