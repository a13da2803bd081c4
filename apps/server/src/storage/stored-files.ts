import type { FileKind } from "@app/shared/enums";
import type { Tx } from "../db/client";
import { storedFiles } from "../db/schema";
import { type CheckedFile, newStorageKey } from "./file-check";
import type { FileStorage } from "./storage";

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
