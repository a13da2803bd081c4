import { fileEndpoints } from "@app/shared/contract/files";
import { apiUrl } from "./api";

/** The address of a stored file (a document, a receipt, a curriculum); the server checks who may read it. */
export const fileUrl = (fileId: string) => apiUrl(fileEndpoints.read, { id: fileId });
