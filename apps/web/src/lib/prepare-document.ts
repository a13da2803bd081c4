import { DOCUMENT_MIME_TYPES, MAX_FILE_BYTES } from "@app/shared/limits";
import { DOCUMENT_WRONG_TYPE, FILE_EMPTY, FILE_TOO_LARGE } from "@app/shared/messages";
import { sniffFileType } from "./file-signature";

export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
/**
 * Measured on 4000×3000 phone photos of an identity card and a transfer slip (decision 060): at 1600 px
 * the card's smallest print (~1.5 mm) is ~20 px high, legible at 100 % zoom; quality 0.7 keeps the text
 * edges clean. WebP at 0.7 is a third to a half of JPEG at 0.7 for the same picture.
 */
export const MAX_DIMENSION = 1600;
export const QUALITY = 0.7;
/** An image the browser could not open, or one that failed on the way. */
export const IMAGE_UNREADABLE = "Erro ao carregar imagem";

export type Prepared = { file: File; compressed: boolean } | { error: string };

let webp: boolean | undefined;
/** Whether this browser's canvas encodes WebP (Chrome and Firefox do; older Safari answers PNG instead). */
function encodesWebp(): boolean {
  if (webp === undefined) {
    try {
      webp = document.createElement("canvas").toDataURL("image/webp").startsWith("data:image/webp");
    } catch {
      webp = false;
    }
  }
  return webp;
}

/**
 * Readies a document for upload on a slow connection (SPEC §5, §9): PDFs go as they are; photos
 * larger than 1 MB or MAX_DIMENSION are compressed (max MAX_DIMENSION, quality QUALITY, WebP where the
 * browser encodes it and `accepted` takes it, JPEG otherwise). What the file is comes from
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
    const [fileType, extension] =
      accepted.types.includes("image/webp") && encodesWebp() ? ["image/webp", "webp"] : ["image/jpeg", "jpg"];
    try {
      // Loaded when a photo needs it (~20 KB gzip): a screen that only might upload does not wait for it.
      const { default: imageCompression } = await import("browser-image-compression");
      const blob = await imageCompression(file, {
        maxWidthOrHeight: MAX_DIMENSION,
        initialQuality: QUALITY,
        maxSizeMB: 1,
        useWebWorker: false, // its worker would load a script from a CDN
        fileType,
      });
      out = new File([blob], `${file.name.replace(/\.\w+$/, "")}.${extension}`, { type: fileType });
    } catch {
      return { error: "Erro ao comprimir imagem" };
    }
  }
  return out.size > MAX_FILE_BYTES ? { error: FILE_TOO_LARGE.message } : { file: out, compressed: needs };
}
