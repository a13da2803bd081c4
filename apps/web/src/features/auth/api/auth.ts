import type {
  forgotPasswordSchema,
  okSchema,
  resetLinkValidSchema,
  resetPasswordSchema,
  StaffLoginInput,
  StaffSignUpInput,
} from "@app/shared/schemas/auth";
import type { StudentLoginInput } from "@app/shared/schemas/student-accounts";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api";
import type { Session } from "../../../lib/session";

type Ok = z.infer<typeof okSchema>;

/** A sign-in or sign-up: the answer is the new session, which replaces the cached one. */
function useSessionMutation<Input>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Input) => api<Session>(path, { method: "POST", body }),
    onSuccess: (session) => {
      // Nothing cached for a previous user (whose session may have ended on this device) shows to this one.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" });
      client.setQueryData(["session"], session);
    },
  });
}

export const useStaffSignIn = () => useSessionMutation<StaffLoginInput>("/auth/sign-in");
export const useStaffSignUp = () => useSessionMutation<StaffSignUpInput>("/auth/sign-up");
export const useStudentSignIn = () => useSessionMutation<StudentLoginInput>("/auth/student/sign-in");

/** Asks for a reset link by e-mail; the answer never says whether the e-mail exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof forgotPasswordSchema>) =>
      api<Ok>("/auth/password/forgot", { method: "POST", body }),
  });
}

/** Whether a reset link can still be used (an error when it cannot); it changes nothing. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["reset-link", token],
    queryFn: () => api<z.infer<typeof resetLinkValidSchema>>(`/auth/password/reset?token=${encodeURIComponent(token)}`),
    enabled: Boolean(token),
    retry: false,
  });

/** Sets the new password from a reset link; the server ends every session of the user. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof resetPasswordSchema>) =>
      api<Ok>("/auth/password/reset", { method: "POST", body }),
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
    mutationFn: () => api<Ok>("/auth/sign-out", { method: "POST" }),
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
