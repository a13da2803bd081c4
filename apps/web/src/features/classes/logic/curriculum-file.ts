import { CURRICULUM_NOT_PDF } from "@app/shared/schemas/catalog";
import { DOCUMENT_MAX_BYTES } from "@app/shared/schemas/enrollments";
import { sniffFileType } from "../../../lib/file-signature";

export const CURRICULUM_TOO_LARGE = "Arquivo muito grande. Tamanho máximo: 5MB";

/**
 * Checks a chosen curriculum before it costs any upload: a PDF by its first bytes (not its name), at
 * most 5 MB. The server checks the same again. Returns the message to show, or null when it is fine.
 */
export async function curriculumFileError(file: File): Promise<string | null> {
  if (file.size > DOCUMENT_MAX_BYTES) return CURRICULUM_TOO_LARGE;
  return (await sniffFileType(file)) === "application/pdf" ? null : CURRICULUM_NOT_PDF;
}
