import { smsEndpoints } from "@app/shared/contract/sms";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { useSession } from "../../../lib/session";

/** GET /api/admin/sms/failures (super_admin; decision 094): SMS the provider never took, and today's cap. */
export const smsNoticesQuery = queryOptions({
  queryKey: ["admin", "sms-failures"],
  queryFn: ({ signal }) => api(smsEndpoints.failures, { signal }),
  refetchInterval: 60_000,
});

/** The super_admin's SMS notices (`isLoading` false for everyone else, who never asks). */
export function useSmsNotices() {
  const isSuperAdmin = useSession().data?.staff?.role === "super_admin";
  return { isSuperAdmin, ...useQuery({ ...smsNoticesQuery, enabled: isSuperAdmin }) };
}

/** 'Tentar de novo': queued again once (a second click changes nothing); the answer is the notices as they are. */
export function useRequeueSms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(smsEndpoints.requeue, { params: { id } }),
    onSuccess: (notices) => client.setQueryData(smsNoticesQuery.queryKey, notices),
    onSettled: () => client.invalidateQueries(smsNoticesQuery),
  });
}
