import { privacyEndpoints } from "@app/shared/contract/privacy";
import type { privacySettingsInputSchema } from "@app/shared/schemas/privacy";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, apiUrl } from "../../../lib/api";

/** Personal data under Lei n.º 22/11 (decision 099). */

export type PrivacyNotice = AnswerOf<typeof privacyEndpoints.notice>;
export type OwnPrivacy = AnswerOf<typeof privacyEndpoints.own>;
export type PrivacySettings = AnswerOf<typeof privacyEndpoints.settings>;
export type ErasureRequest = AnswerOf<typeof privacyEndpoints.carryOutErasure>;

/** The notice in force (public: account creation, the enrolment form, the acceptance dialog). */
export const privacyNoticeQuery = queryOptions({
  queryKey: ["privacy", "notice"],
  queryFn: ({ signal }) => api(privacyEndpoints.notice, { signal }),
});

/** The signed-in student's: the version accepted, when staff opened their documents, their erasure request. */
export const ownPrivacyQuery = queryOptions({
  queryKey: ["privacy", "own"],
  queryFn: ({ signal }) => api(privacyEndpoints.own, { signal }),
});

export function useAcceptPrivacyNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api(privacyEndpoints.accept, { body: { version } }),
    onSuccess: (own) => client.setQueryData(ownPrivacyQuery.queryKey, own),
  });
}

export function useRequestErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(privacyEndpoints.requestErasure),
    onSuccess: (own) => client.setQueryData(ownPrivacyQuery.queryKey, own),
  });
}

/** Configurações → 'Privacidade' (super_admin). */
export const privacySettingsQuery = queryOptions({
  queryKey: ["privacy", "settings"],
  queryFn: ({ signal }) => api(privacyEndpoints.settings, { signal }),
});

export function useSavePrivacySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof privacySettingsInputSchema>) =>
      api(privacyEndpoints.updateSettings, { body: input }),
    onSuccess: (saved) => {
      client.setQueryData(privacySettingsQuery.queryKey, saved);
      return client.invalidateQueries({ queryKey: privacyNoticeQuery.queryKey });
    },
  });
}

/** Who opened an enrolment's documents (super_admin). */
export const fileAccessesQuery = (enrollmentId: string) =>
  queryOptions({
    queryKey: ["privacy", "file-accesses", enrollmentId],
    queryFn: ({ signal }) => api(privacyEndpoints.fileAccesses, { params: { id: enrollmentId }, signal }),
  });

export const erasureRequestsQuery = queryOptions({
  queryKey: ["privacy", "erasure-requests"],
  queryFn: ({ signal }) => api(privacyEndpoints.erasureRequests, { signal }),
});

/** A request the student made in person, recorded at the desk (super_admin, admin, secretaria). */
export function useRecordErasureRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => api(privacyEndpoints.recordErasureRequest, { params: { id: accountId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: erasureRequestsQuery.queryKey }),
  });
}

export function useCarryOutErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(privacyEndpoints.carryOutErasure, { params: { id } }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** Refuses a pending request with the reason the student reads (super_admin). */
export function useRefuseErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api(privacyEndpoints.refuseErasure, { params: { id }, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: erasureRequestsQuery.queryKey }),
  });
}

/** 'Baixar meus dados': the ZIP's address (a plain link: the browser downloads it as it streams). */
export const ownDataUrl = () => apiUrl(privacyEndpoints.ownData);
