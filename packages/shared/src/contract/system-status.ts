import { endpoint } from "./endpoint";
import type { systemStatusSchemas as S } from "./system-status.schemas";

export const systemStatusEndpoints = {
  status: endpoint<typeof S.status>("get", "/admin/system-status"),
};
