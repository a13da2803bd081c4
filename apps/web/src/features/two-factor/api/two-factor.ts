import { twoFactorEndpoints } from "@app/shared/contract/two-factor";
import type { StaffRole } from "@app/shared/enums";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, type CallOf } from "../../../lib/api";

type Body<E> = CallOf<E>["body"];
export type TwoFactorSetUp = AnswerOf<typeof twoFactorEndpoints.start>;

/** Starts the set-up (password asked again): the QR code, the secret and the backup codes, not yet in force. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (body: Body<typeof twoFactorEndpoints.start>) => api(twoFactorEndpoints.start, { body }),
  });
}

/** The first code: two-factor sign-in is on; the new session (a new cookie) replaces the cached one. */
export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof twoFactorEndpoints.confirm>) => api(twoFactorEndpoints.confirm, { body }),
    onSuccess: (session) => client.setQueryData(["session"], session),
  });
}

/** The code step of the staff sign-in; the answer is the new session. */
export function useSignInCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof twoFactorEndpoints.signInCode>) => api(twoFactorEndpoints.signInCode, { body }),
    onSuccess: (session) => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" });
      client.setQueryData(["session"], session);
    },
  });
}

/** A super_admin turns off a user's two-factor sign-in (a lost phone). */
export function useTurnOffTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(twoFactorEndpoints.turnOff, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["users"] }),
  });
}

export const roleTwoFactorQuery = queryOptions({
  queryKey: ["roles", "two-factor"],
  queryFn: ({ signal }) => api(twoFactorEndpoints.roleSettings, { signal }),
});

/** Requires (or not) two-factor sign-in of a role. */
export function useSetRoleTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ role, required }: { role: StaffRole; required: boolean }) =>
      api(twoFactorEndpoints.setRoleSetting, { params: { role }, body: { required } }),
    // The users list says whose role requires it (decision 086).
    onSettled: () =>
      Promise.all(
        [roleTwoFactorQuery.queryKey, ["session"], ["users"]].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
