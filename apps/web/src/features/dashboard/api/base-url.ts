import { certificateEndpoints } from "@app/shared/contract/certificates";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { useSession } from "../../../lib/session";

/** GET /api/admin/base-url (super_admin): BASE_URL and whether it is a loopback address (decision 049). */
export const baseUrlStatusQuery = queryOptions({
  queryKey: ["admin", "base-url"],
  queryFn: ({ signal }) => api(certificateEndpoints.baseUrl, { signal }),
  staleTime: Number.POSITIVE_INFINITY, // read once at start: it changes only with a restart
});

/** The super_admin's reading of it (`isLoading` false for everyone else, who never asks). */
export function useBaseUrlStatus() {
  const isSuperAdmin = useSession().data?.staff?.role === "super_admin";
  return { isSuperAdmin, ...useQuery({ ...baseUrlStatusQuery, enabled: isSuperAdmin }) };
}
