import { systemStatusEndpoints } from "@app/shared/contract/system-status";
import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type SystemStatus = AnswerOf<typeof systemStatusEndpoints.status>;

/** GET /api/admin/system-status (super_admin): read when the screen opens or 'Atualizar' is pressed, never polled. */
export const systemStatusQuery = queryOptions({
  queryKey: ["admin", "system-status"],
  queryFn: ({ signal }) => api(systemStatusEndpoints.status, { signal }),
});
