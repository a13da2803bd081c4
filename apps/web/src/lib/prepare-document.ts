import { DOCUMENT_MIME_TYPES, MAX_FILE_BYTES } from "@app/shared/limits";
import { DOCUMENT_WRONG_TYPE, FILE_EMPTY, FILE_TOO_LARGE } from "@app/shared/messages";
import imageCompression from "browser-image-compression";
import { sniffFileType } from "./file-signature";

export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
export const MAX_DIMENSION = 1920;
/** An image the browser could not open, or one that failed on the way. */
export const IMAGE_UNREADABLE = "Erro ao carregar imagem";

export type Prepared = { file: File; compressed: boolean } | { error: string };

/**
 * Readies a document for upload on a slow connection (SPEC §5, §9): PDFs go as they are; photos
 * larger than 1 MB or 1920 px are compressed (max 1920 px, quality 0.8). What the file is comes from
 * its first bytes, not its name or the type the browser reports. An empty file, a file of another
 * type, or one still above 5 MB, gets a clear message instead of being dropped silently. `accepted`
 * narrows the types (a payment receipt: JPEG, PNG or PDF).
 */
export async function prepareDocument(
  file: File,
  accepted: { types: readonly string[]; wrongType: string } = {
    types: DOCUMENT_MIME_TYPES,
    wrongType: DOCUMENT_WRONG_TYPE.message,
  },
): Promise<Prepared> {
  if (file.size === 0) return { error: FILE_EMPTY.message };
  const type = await sniffFileType(file);
  if (!type || !accepted.types.includes(type)) return { error: accepted.wrongType };
  if (type === "application/pdf") {
    return file.size > MAX_FILE_BYTES ? { error: FILE_TOO_LARGE.message } : { file, compressed: false };
  }
  let needs = file.size > COMPRESS_ABOVE_BYTES;
  if (!needs) {
    try {
      const bitmap = await createImageBitmap(file);
      needs = Math.max(bitmap.width, bitmap.height) > MAX_DIMENSION;
      bitmap.close();
    } catch {
      return { error: IMAGE_UNREADABLE };
    }
  }
  let out = file;
  if (needs) {
    try {
      const blob = await imageCompression(file, {
        maxWidthOrHeight: MAX_DIMENSION,
        initialQuality: 0.8,
        maxSizeMB: 1,
        useWebWorker: false, // its worker would load a script from a CDN
        fileType: "image/jpeg",
      });
      out = new File([blob], `${file.name.replace(/\.\w+$/, "")}.jpg`, { type: "image/jpeg" });
    } catch {
      return { error: "Erro ao comprimir imagem" };
    }
  }
  return out.size > MAX_FILE_BYTES ? { error: FILE_TOO_LARGE.message } : { file: out, compressed: needs };
}
