import { paymentEndpoints } from "@app/shared/contract/payments";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api, apiUrl } from "../../../lib/api";
import type { PaymentFilters } from "../logic/payment-stats";

export type PaymentRow = AnswerOf<typeof paymentEndpoints.list>["payments"][number];

/** The filters as the query of the list and the export (the ones not set are left out of the URL). */
const filterQuery = (filters: PaymentFilters) => ({
  from: filters.from,
  to: filters.to,
  method: filters.method ?? undefined,
});

/** 'Financeiro': the payments within the filters (newest payment date first) and the four cards. */
export const adminPaymentsQuery = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: ["payments", "admin", filters],
    queryFn: ({ signal }) => api(paymentEndpoints.list, { query: filterQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

/** The export of the same filtered list: the server answers it as an attachment. */
export const paymentsExportUrl = (filters: PaymentFilters, format: "csv" | "xlsx") =>
  apiUrl(paymentEndpoints.export, {}, { ...filterQuery(filters), format });
