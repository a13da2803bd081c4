import { MAX_FILE_BYTES } from "@app/shared/limits";
import { CURRICULUM_WRONG_TYPE, FILE_TOO_LARGE } from "@app/shared/messages";
import { sniffFileType } from "../../../lib/file-signature";

/**
 * Checks a chosen curriculum before it costs any upload: a PDF by its first bytes (not its name), at
 * most 5 MB. The server checks the same again. Returns the message to show, or null when it is fine.
 */
export async function curriculumFileError(file: File): Promise<string | null> {
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE.message;
  return (await sniffFileType(file)) === "application/pdf" ? null : CURRICULUM_WRONG_TYPE.message;
}
