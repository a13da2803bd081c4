import { certificateEndpoints } from "@app/shared/contract/certificates";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** GET /api/admin/base-url (super_admin): BASE_URL and whether it is a loopback address (decision 049). */
export const baseUrlStatusQuery = queryOptions({
  queryKey: ["admin", "base-url"],
  queryFn: ({ signal }) => api(certificateEndpoints.baseUrl, { signal }),
  staleTime: Number.POSITIVE_INFINITY, // read once at start: it changes only with a restart
});
