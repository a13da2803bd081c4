import { mailEndpoints } from "@app/shared/contract/mail";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { useSession } from "../../../lib/session";

export type MailFailure = AnswerOf<typeof mailEndpoints.failures>["failures"][number];

/** GET /api/admin/mail/failures (super_admin): e-mails that failed, or are retried after 3 tries (decision 056). */
export const mailFailuresQuery = queryOptions({
  queryKey: ["admin", "mail-failures"],
  queryFn: ({ signal }) => api(mailEndpoints.failures, { signal }),
  refetchInterval: 60_000, // a failure found while the dashboard stays open
});

/** The super_admin's list (`isLoading` false for everyone else, who never asks). */
export function useMailFailures() {
  const isSuperAdmin = useSession().data?.staff?.role === "super_admin";
  return { isSuperAdmin, ...useQuery({ ...mailFailuresQuery, enabled: isSuperAdmin }) };
}

/** 'Tentar de novo': one more try now; the answer is the list as it is then. */
export function useRequeueMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(mailEndpoints.requeue, { params: { id } }),
    onSuccess: (list) => client.setQueryData(mailFailuresQuery.queryKey, list),
    onSettled: () => client.invalidateQueries(mailFailuresQuery),
  });
}
