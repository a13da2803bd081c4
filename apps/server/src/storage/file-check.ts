import { randomUUID } from "node:crypto";
import type { FileKind } from "@app/shared/enums";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { type CodedMessage, FILE_EMPTY, FILE_TOO_LARGE, ofDocument, RECEIPT_WRONG_TYPE } from "@app/shared/messages";
import { fileTypeFromBuffer } from "file-type";
import { ApiError } from "../http/errors";

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
  wrongType: CodedMessage = RECEIPT_WRONG_TYPE,
): Promise<CheckedFile> {
  if (data.byteLength > MAX_FILE_BYTES) throw ApiError.of(413, FILE_TOO_LARGE);
  if (data.byteLength === 0) throw ApiError.of(400, FILE_EMPTY);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !allowed.includes(detected.mime)) throw ApiError.of(415, wrongType);
  return { contentType: detected.mime, extension: detected.ext };
}

/**
 * The same refusal, naming the document and put on its form field, so a form with several files can
 * say which one failed: 'Bilhete de Identidade (verso): Formato inválido…' on `idCardBack`.
 */
export function namingDocument(error: unknown, document: { field: string; label: string }): unknown {
  if (!(error instanceof ApiError)) return error;
  return ApiError.onField(error.status, ofDocument(document.label, error), document.field);
}

/** A generated storage key: kind/year/month/uuid.ext. */
export function newStorageKey(kind: FileKind, extension: string, now: Date = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${kind.replace(/_/g, "-")}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`;
}
