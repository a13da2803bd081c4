import type { StaffRole } from "@app/shared/enums";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export interface Session {
  user: { id: string; email: string | null; name: string } | null;
  staff: { role: StaffRole | null } | null;
  student: { code: string; name: string; enrollmentCompleted: boolean } | null;
  /** Set by this client only: the session ended under the user (idle too long), so the login says why. */
  ended?: boolean;
}

export const ENDED_SESSION: Session = { user: null, staff: null, student: null, ended: true };

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: ({ signal }) => api<Session>("/session", { signal }),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
