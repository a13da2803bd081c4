import type { sessionSchema } from "@app/shared/schemas/auth";
import type { z } from "@app/shared/zod";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

/**
 * Who is signed in, as GET /api/session says. `ended` is set by this client only: the session ended
 * under the user (idle too long), so the login says why.
 */
export type Session = z.infer<typeof sessionSchema> & { ended?: boolean };

export const ENDED_SESSION: Session = { user: null, staff: null, student: null, ended: true };

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: ({ signal }) => api<Session>("/session", { signal }),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
