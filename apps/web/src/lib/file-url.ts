import { fileEndpoints } from "@app/shared/contract/files";
import { FILE_ACCESS_SCREEN_PARAM, type FileAccessScreen } from "@app/shared/privacy";
import { apiUrl } from "./api";

/**
 * The address of a stored file (a document, a receipt, a curriculum); the server checks who may read it.
 * A staff screen names itself (`screen`): opening an applicant's document is recorded with it (decision 099).
 */
export const fileUrl = (fileId: string, screen?: FileAccessScreen) =>
  apiUrl(fileEndpoints.read, { id: fileId }, { [FILE_ACCESS_SCREEN_PARAM]: screen });
