import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api";
import type { Session } from "../../../lib/session";

/** Mutations of the staff and student sign-in flows; each refreshes the cached session. */
export function useAuthMutation<Input>(path: string, method = "POST") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Input) => api<Session>(path, { method, body }),
    onSuccess: (session) => {
      if (!session || !("user" in session)) return;
      // Nothing cached for a previous user (whose session may have ended on this device) shows to this one.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" });
      client.setQueryData(["session"], session);
    },
  });
}

/**
 * Signs out. `reload` does a full page load of `to` (staff: nothing of the back office stays in
 * memory, and no guard can redirect elsewhere first); otherwise the app navigates to `to`.
 */
export function useSignOut(to: string, { reload = false } = {}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<{ ok: true }>("/auth/sign-out", { method: "POST" }),
    onSuccess: () => {
      if (reload) {
        window.location.assign(to);
        return;
      }
      navigate(to, { replace: true });
      client.setQueryData(["session"], { user: null, staff: null, student: null } satisfies Session);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" });
    },
  });
}
