import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { FileMissingError, type FileStorage, guarded } from "./storage";

const SAFE_KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.[a-z0-9]+$/;

/** Files on local disk under DATA_DIR/files, private to the server process (mode 600). */
export function createDiskStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    driver: "disk",
    async put(key, data) {
      const target = fullPath(key);
      await guarded("write", async () => {
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        // Write then rename, so a reader never sees half a file.
        const temp = `${target}.part`;
        try {
          await writeFile(temp, data, { mode: 0o600 });
          await rename(temp, target);
        } catch (err) {
          await rm(temp, { force: true }).catch(() => undefined); // a full disk leaves no half file
          throw err;
        }
      });
    },
    async getStream(key) {
      const target = fullPath(key);
      // Opened here, not by the stream, so a folder that cannot be read fails before the answer starts.
      const file = await guarded("read", async () => {
        try {
          return await open(target, "r");
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new FileMissingError(key);
          throw err;
        }
      });
      return file.createReadStream() as Readable;
    },
    async delete(key) {
      const target = fullPath(key);
      await guarded("delete", () => rm(target, { force: true }));
    },
    async *list() {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch {
        return; // no file was ever stored
      }
      for (const entry of entries) {
        const key = entry.split(path.sep).join("/");
        if (!SAFE_KEY.test(key)) continue; // a folder, or a `.part` being written
        const info = await stat(path.join(root, entry)).catch(() => undefined);
        if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    },
  };
}
