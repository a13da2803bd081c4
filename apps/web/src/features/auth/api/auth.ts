import { authEndpoints } from "@app/shared/contract/auth";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, type CallOf } from "../../../lib/api";
import type { Session } from "../../../lib/session";

type Body<E> = CallOf<E>["body"];

/** A sign-in or sign-up: the answer is the new session, which replaces the cached one. */
function useSessionMutation<Input>(call: (body: Input) => Promise<Session>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (session) => {
      // Nothing cached for a previous user (whose session may have ended on this device) shows to this one.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" });
      client.setQueryData(["session"], session);
    },
  });
}

/**
 * The staff sign-in's password step: a session, or (two-factor sign-in on) `{ secondStep: true }`, and
 * then the code step (features/two-factor) opens the session (decision 076).
 */
export function useStaffSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof authEndpoints.staffSignIn>) => api(authEndpoints.staffSignIn, { body }),
    onSuccess: (answer) => {
      if ("secondStep" in answer) return;
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" });
      client.setQueryData(["session"], answer);
    },
  });
}
export const useStaffSignUp = () =>
  useSessionMutation((body: Body<typeof authEndpoints.staffSignUp>) => api(authEndpoints.staffSignUp, { body }));
export const useStudentSignIn = () =>
  useSessionMutation((body: Body<typeof authEndpoints.studentSignIn>) => api(authEndpoints.studentSignIn, { body }));

/** Asks for a reset link by e-mail; the answer never says whether the e-mail exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: Body<typeof authEndpoints.forgotPassword>) => api(authEndpoints.forgotPassword, { body }),
  });
}

/** Whether a reset link can still be used (an error when it cannot); it changes nothing. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["reset-link", token],
    queryFn: () => api(authEndpoints.checkResetLink, { query: { token } }),
    enabled: Boolean(token),
    retry: false,
  });

/** Sets the new password from a reset link; the server ends every session of the user. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: Body<typeof authEndpoints.resetPassword>) => api(authEndpoints.resetPassword, { body }),
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
    mutationFn: () => api(authEndpoints.signOut),
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
