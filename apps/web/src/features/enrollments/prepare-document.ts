import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from "@app/shared";
import imageCompression from "browser-image-compression";

export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
export const MAX_DIMENSION = 1920;

export type Prepared = { file: File; compressed: boolean } | { error: string };

/**
 * Readies a document for upload on a slow connection (SPEC §5, §9): PDFs go as they are; photos
 * larger than 1 MB or 1920 px are compressed (max 1920 px, quality 0.8). A file of another type, or
 * still above 5 MB, gets a clear message instead of being dropped silently.
 */
export async function prepareDocument(file: File): Promise<Prepared> {
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { error: "Formato inválido. Use JPEG, PNG, WEBP ou PDF" };
  }
  if (file.type === "application/pdf") {
    return file.size > DOCUMENT_MAX_BYTES
      ? { error: "Arquivo muito grande. Tamanho máximo: 5MB" }
      : { file, compressed: false };
  }
  let needs = file.size > COMPRESS_ABOVE_BYTES;
  if (!needs) {
    try {
      const bitmap = await createImageBitmap(file);
      needs = Math.max(bitmap.width, bitmap.height) > MAX_DIMENSION;
      bitmap.close();
    } catch {
      return { error: "Erro ao carregar imagem" };
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
  return out.size > DOCUMENT_MAX_BYTES
    ? { error: "Arquivo muito grande. Tamanho máximo: 5MB" }
    : { file: out, compressed: needs };
}
