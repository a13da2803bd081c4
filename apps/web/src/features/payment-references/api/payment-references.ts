import { paymentReferenceEndpoints } from "@app/shared/contract/payment-references";
import type { UNMATCHED_SORT_KEYS, UNMATCHED_STATES } from "@app/shared/contract/payment-references.schemas";
import type { StaffRole } from "@app/shared/enums";
import type { DifferenceChoiceInput } from "@app/shared/payment-balance-schema";
import { ADMIN_SCREENS, canOpenScreen } from "@app/shared/screen-access";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { refreshAfterChange, type ServerListParams } from "../../../lib/server-list";

type UnmatchedSortKey = (typeof UNMATCHED_SORT_KEYS)[number];
export type UnmatchedState = (typeof UNMATCHED_STATES)[number];
export type OwnReference = AnswerOf<typeof paymentReferenceEndpoints.listOwn>["references"][number];
export type UnmatchedPayment = AnswerOf<typeof paymentReferenceEndpoints.unmatched>["rows"][number];
export type UnmatchedPage = AnswerOf<typeof paymentReferenceEndpoints.unmatched>;
export type UnmatchedParams = ServerListParams<UnmatchedSortKey, { state: UnmatchedState }>;
export type LiveReference = AnswerOf<typeof paymentReferenceEndpoints.live>["reference"];

/** While a reference is being created or awaits payment, the screen asks again this often (ms). */
export const REFERENCE_REFRESH_MS = 3_000;

/** The student's Multicaixa references (issue 26), newest first. */
export const ownReferencesQuery = queryOptions({
  queryKey: ["payment-references", "mine"],
  queryFn: ({ signal }) => api(paymentReferenceEndpoints.listOwn, { signal }),
});

/** The student asks a new reference once theirs expired. */
export function useRenewOwnReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: string) => api(paymentReferenceEndpoints.renewOwn, { params: { enrollmentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["payment-references"] }),
  });
}

const UNMATCHED_KEY = ["payment-references", "unmatched"] as const;

/** 'Pagamentos por referência' (decision 077): one page of the provider's payments finance must look at. */
export const unmatchedPaymentsQuery = (params: UnmatchedParams) =>
  queryOptions({
    queryKey: [...UNMATCHED_KEY, params],
    queryFn: ({ signal }) => api(paymentReferenceEndpoints.unmatched, { query: params, signal }),
  });

/**
 * How many reference payments wait for finance, and the references left valid while references are off
 * (decision 084): one cheap count for the menu's badge and the Painel, asked each minute while a finance
 * screen is open (not in a background tab), and again after finance settles one.
 */
export const referenceSummaryQuery = queryOptions({
  queryKey: ["payment-references", "summary"],
  queryFn: ({ signal }) => api(paymentReferenceEndpoints.summary, { signal }),
  refetchInterval: 60_000,
  staleTime: 30_000,
});

/** The summary for the roles that open Financeiro; nobody else asks (`data` undefined, `isLoading` false). */
export function useReferenceSummary(role: StaffRole | null | undefined) {
  const finance = canOpenScreen(role, "financial");
  return { finance, ...useQuery({ ...referenceSummaryQuery, enabled: finance }) };
}

/** Where finance settles them: Financeiro's 'Pagamentos por referência' section, scrolled to. */
export const unmatchedSectionPath = () => `${ADMIN_SCREENS.financial.path}#pagamentos-por-referencia`;

/** '3 pagamentos por referência por resolver': the menu's badge and the Painel's card, in words. */
export const referencesWaitingText = (n: number) =>
  n === 1 ? "1 pagamento por referência por resolver" : `${n} pagamentos por referência por resolver`;

/** Applying records a payment: the list, its count, the payments, the enrolments and the dashboard change. */
const refreshAfterSettling = (client: QueryClient) =>
  refreshAfterChange(client, [
    UNMATCHED_KEY,
    referenceSummaryQuery.queryKey,
    ["payments"],
    ["enrollments"],
    ["dashboard"],
  ]);

/**
 * 'Aplicar à inscrição': the payment recorded on the chosen enrolment, which is enrolled (or awaits the
 * balance, as finance chose for a short amount: decision 083).
 */
export function useApplyUnmatched() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      enrollmentId,
      difference,
    }: {
      id: string;
      enrollmentId: string;
      difference?: DifferenceChoiceInput;
    }) => api(paymentReferenceEndpoints.applyUnmatched, { params: { id }, body: { enrollmentId, difference } }),
    onSettled: () => refreshAfterSettling(client),
  });
}

/** 'Arquivar' with a reason: the row leaves the open list, kept for audit. */
export function useArchiveUnmatched() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api(paymentReferenceEndpoints.archiveUnmatched, { params: { id }, body: { reason } }),
    onSettled: () => refreshAfterSettling(client),
  });
}

/** How many times the WhatsApp button asks again (every REFERENCE_WAIT_MS) for a reference being created. */
export const REFERENCE_WAIT_TRIES = 10;
export const REFERENCE_WAIT_MS = 2_000;

/**
 * An enrolment's live Multicaixa reference for the staff's WhatsApp text (null: none, or references off).
 * While it is 'creating' it is asked again every 2 s, at most REFERENCE_WAIT_TRIES times.
 */
export const liveReferenceQuery = (enrollmentId: string) =>
  queryOptions({
    queryKey: ["payment-references", "live", enrollmentId],
    queryFn: ({ signal }) => api(paymentReferenceEndpoints.live, { params: { enrollmentId }, signal }),
    refetchInterval: (query) =>
      query.state.data?.reference?.status === "creating" && query.state.dataUpdateCount < REFERENCE_WAIT_TRIES
        ? REFERENCE_WAIT_MS
        : false,
  });

/** Staff give an enrolment awaiting payment a new reference (the current one is deleted at the provider). */
export function useRenewReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ enrollmentId, validDays }: { enrollmentId: string; validDays: number }) =>
      api(paymentReferenceEndpoints.renew, { params: { enrollmentId }, body: { validDays } }),
    onSuccess: (_, { enrollmentId }) => {
      // A new reference is being created: the WhatsApp button waits for it afresh (its tries start again).
      client.removeQueries({ queryKey: liveReferenceQuery(enrollmentId).queryKey });
      return refreshAfterChange(client, [["enrollments"]]);
    },
  });
}
