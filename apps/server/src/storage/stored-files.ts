import type { Readable } from "node:stream";
import type { FileKind } from "@app/shared/enums";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { storedFiles } from "../db/schema";
import { type CheckedFile, newStorageKey } from "./file-check";
import { FileMissingError, type FileStorage } from "./storage";

export type StoredFile = typeof storedFiles.$inferSelect;

/** A stored file's record, or undefined. */
export async function storedFile(db: Database, id: string): Promise<StoredFile | undefined> {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return file;
}

/** The content of a stored file; `missing()` is thrown when the storage no longer has it. */
export async function contentOf(storage: FileStorage, file: StoredFile, missing: () => Error): Promise<Readable> {
  try {
    return await storage.getStream(file.storageKey);
  } catch (err) {
    if (err instanceof FileMissingError) throw missing();
    throw err;
  }
}

export interface PendingFile {
  kind: FileKind;
  data: Buffer;
  checked: CheckedFile;
  key: string;
}

/** Writes checked files to storage under generated keys; returns them for the rows to insert. */
export async function putFiles(
  storage: FileStorage,
  files: { kind: FileKind; data: Buffer; checked: CheckedFile }[],
): Promise<PendingFile[]> {
  const written: PendingFile[] = [];
  try {
    for (const f of files) {
      const key = newStorageKey(f.kind, f.checked.extension);
      await storage.put(key, f.data, f.checked.contentType);
      written.push({ ...f, key });
    }
    return written;
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }
}

/** Best-effort removal of files whose database rows were never committed. */
export async function removeFiles(storage: FileStorage, files: PendingFile[]): Promise<void> {
  await Promise.all(files.map((f) => storage.delete(f.key).catch(() => undefined)));
}

/** The stored_files rows of written files, inside the caller's transaction; ids in the same order. */
export async function recordFiles(tx: Tx, ownerUserId: string, files: PendingFile[]): Promise<string[]> {
  const rows = await tx
    .insert(storedFiles)
    .values(
      files.map((f) => ({
        ownerUserId,
        kind: f.kind,
        contentType: f.checked.contentType,
        size: f.data.byteLength,
        storageKey: f.key,
      })),
    )
    .returning({ id: storedFiles.id, key: storedFiles.storageKey });
  return files.map((f) => rows.find((r) => r.key === f.key)!.id);
}
