import { CURRICULUM_NOT_PDF, DOCUMENT_MAX_BYTES } from "@app/shared";
export const CURRICULUM_TOO_LARGE = "Arquivo muito grande. Tamanho máximo: 5MB";

/**
 * Checks a chosen curriculum before it costs any upload: a PDF by its first bytes (not its name), at
 * most 5 MB. The server checks the same again. Returns the message to show, or null when it is fine.
 */
export async function curriculumFileError(file: File): Promise<string | null> {
  if (file.size > DOCUMENT_MAX_BYTES) return CURRICULUM_TOO_LARGE;
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  const magic = String.fromCharCode(...head);
  return magic === "%PDF-" ? null : CURRICULUM_NOT_PDF;
}
