import type { StaffRole } from "@app/shared/enums";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface StaffUser {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  role: StaffRole | null;
  createdAt: string;
}

export const usersQuery = queryOptions({
  queryKey: ["users"],
  queryFn: ({ signal }) => api<StaffUser[]>("/users", { signal }),
});

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: StaffRole }) =>
      api<{ id: string; role: StaffRole }>(`/users/${encodeURIComponent(id)}/role`, { method: "PUT", body: { role } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["users"] }),
  });
}
