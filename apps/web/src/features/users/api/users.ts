import { userEndpoints } from "@app/shared/contract/users";
import type { StaffRole } from "@app/shared/enums";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type StaffUser = AnswerOf<typeof userEndpoints.list>[number];

export const usersQuery = queryOptions({
  queryKey: ["users"],
  queryFn: ({ signal }) => api(userEndpoints.list, { signal }),
});

/** Gives a staff user a role, or takes it away (null: 'Sem perfil', which also ends their sessions). */
export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: StaffRole | null }) =>
      api(userEndpoints.setRole, { params: { id }, body: { role } }),
    onSuccess: ({ id, role }) =>
      client.setQueryData(usersQuery.queryKey, (users) => users?.map((u) => (u.id === id ? { ...u, role } : u))),
    // The session too: a super_admin who changed their own role sees its effect at once.
    onSettled: () =>
      Promise.all([client.invalidateQueries(usersQuery), client.invalidateQueries({ queryKey: ["session"] })]),
  });
}
