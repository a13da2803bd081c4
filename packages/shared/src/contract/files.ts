import { endpoint } from "./endpoint";
import type { fileSchemas as S } from "./files.schemas";

/** One path for students (their own files) and staff: the server checks who may read which file. */
export const fileEndpoints = {
  read: endpoint<typeof S.read>("get", "/files/{id}"),
};
