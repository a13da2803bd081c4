import { paymentEndpoints } from "@app/shared/contract/payments";
import type { PaymentSortKey } from "@app/shared/schemas/payments";
import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api, apiUrl } from "../../../lib/api";
import { type ServerListParams, useCachedListRow } from "../../../lib/server-list";
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
