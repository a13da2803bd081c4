import { randomUUID } from "node:crypto";
import type { FileKind } from "@app/shared/enums";
import { FILE_EMPTY, FILE_TOO_LARGE } from "@app/shared/file-messages";
import { fileTypeFromBuffer } from "file-type";
import { MAX_FILE_BYTES } from "../db/schema";
import { ApiError } from "../http/errors";

export { FILE_TOO_LARGE, MAX_FILE_BYTES };

export const DOCUMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export const RECEIPT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export const PDF_ONLY = ["application/pdf"] as const;

export interface CheckedFile {
  contentType: string;
  extension: string;
}

/**
 * Checks a file by its content (magic bytes), never by its name or the browser's claim:
 * 413 above 5 MB, 415 when the content is not one of the allowed types.
 */
export async function checkFile(
  data: Buffer,
  allowed: readonly string[],
  wrongTypeMessage = "Formato inválido. Use JPEG, PNG ou PDF",
): Promise<CheckedFile> {
  if (data.byteLength > MAX_FILE_BYTES) throw new ApiError(413, "file_too_large", FILE_TOO_LARGE);
  if (data.byteLength === 0) throw new ApiError(400, "empty_file", FILE_EMPTY);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !allowed.includes(detected.mime)) throw new ApiError(415, "unsupported_file_type", wrongTypeMessage);
  return { contentType: detected.mime, extension: detected.ext };
}

/**
 * The same refusal, naming the document and put on its form field, so a form with several files can
 * say which one failed: 'Bilhete de Identidade (verso): Formato inválido…' on `idCardBack`.
 */
export function namingDocument(error: unknown, document: { field: string; label: string }): unknown {
  if (!(error instanceof ApiError)) return error;
  const message = `${document.label}: ${error.message}`;
  return new ApiError(error.status, error.code, message, [{ path: document.field, message }]);
}

/** A generated storage key: kind/year/month/uuid.ext. */
export function newStorageKey(kind: FileKind, extension: string, now: Date = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${kind.replace(/_/g, "-")}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`;
}
