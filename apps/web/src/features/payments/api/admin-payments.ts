import { paymentEndpoints } from "@app/shared/contract/payments";
import type { BALANCE_SORT_KEYS, PaymentSortKey } from "@app/shared/schemas/payments";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, apiUrl } from "../../../lib/api";
import { refreshAfterChange, type ServerListParams, useCachedListRow } from "../../../lib/server-list";
import type { PaymentFilters } from "../logic/payment-stats";

export type PaymentRow = AnswerOf<typeof paymentEndpoints.list>["rows"][number];
/** A page of 'Financeiro' (decision 057): the page, search and order, and the period and method. */
export type PaymentListParams = ServerListParams<PaymentSortKey, PaymentFilters>;

/** Every cached page of the list starts with this key. */
const ADMIN_PAYMENTS_KEY = ["payments", "admin"] as const;

/** The filters as the query of the list and the export (the ones not set are left out of the URL). */
const filterQuery = (filters: PaymentFilters) => ({
  from: filters.from,
  to: filters.to,
  method: filters.method ?? undefined,
});

/**
 * 'Financeiro': one page of the payments within the filters, searched and sorted by the server (newest
 * payment date first by default), and the four cards over the filters.
 */
export const adminPaymentsQuery = ({ from, to, method, ...paging }: PaymentListParams) =>
  queryOptions({
    queryKey: [...ADMIN_PAYMENTS_KEY, { from, to, method, ...paging }],
    queryFn: ({ signal }) =>
      api(paymentEndpoints.list, { query: { ...paging, ...filterQuery({ from, to, method }) }, signal }),
  });

/** The payment the dialog opened on, as the freshest cached page shows it (it opens from a visible row). */
export const usePaymentRow = (id: string | null) => useCachedListRow<PaymentRow>(ADMIN_PAYMENTS_KEY, id);

/** The export of every payment the filters and the search give: the server streams it as an attachment. */
export const paymentsExportUrl = ({ q, ...filters }: PaymentFilters & { q?: string }, format: "csv" | "xlsx") =>
  apiUrl(paymentEndpoints.export, {}, { ...filterQuery(filters), q: q?.trim(), format });

/* Balances awaited (decision 083): 'Saldos em falta', and what an enrolment owes before finance chooses. */

export type EnrollmentBalance = AnswerOf<typeof paymentEndpoints.balance>;
export type BalanceListParams = ServerListParams<(typeof BALANCE_SORT_KEYS)[number], object>;

/** Under the payments' key: whatever refreshes the payments refreshes these. */
const BALANCES_KEY = ["payments", "balances"] as const;

/** 'Saldos em falta': one page of the enrolments awaiting a balance (the largest first by default). */
export const balancesQuery = (params: BalanceListParams) =>
  queryOptions({
    queryKey: [...BALANCES_KEY, "list", params],
    queryFn: ({ signal }) => api(paymentEndpoints.balances, { query: params, signal }),
  });

/** What an enrolment owes now: due, paid (each payment) and the balance; read when a payment dialog opens. */
export const enrollmentBalanceQuery = (enrollmentId: string | null | undefined) =>
  queryOptions({
    queryKey: [...BALANCES_KEY, "one", enrollmentId],
    queryFn: ({ signal }) => api(paymentEndpoints.balance, { params: { enrollmentId: enrollmentId! }, signal }),
    enabled: Boolean(enrollmentId),
    staleTime: 0,
  });

/** 'Aceitar a diferença': the balance awaited taken as paid, with the reason; the student is enrolled. */
export function useAcceptDifference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ enrollmentId, reason }: { enrollmentId: string; reason: string }) =>
      api(paymentEndpoints.acceptDifference, { params: { enrollmentId }, body: { reason } }),
    onSettled: () => refreshAfterChange(client, [["payments"], ["enrollments"], ["dashboard"]]),
  });
}
