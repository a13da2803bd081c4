import type { PaymentList, PaymentRow } from "@app/shared/schemas/payments";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { type PaymentFilters, paymentFilterQuery } from "../logic/payment-stats";

export type { PaymentRow };

/** 'Financeiro': the payments within the filters (newest payment date first) and the four cards. */
export const adminPaymentsQuery = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: ["payments", "admin", filters],
    queryFn: ({ signal }) => api<PaymentList>(`/admin/payments${paymentFilterQuery(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The export of the same filtered list: the server answers it as an attachment. */
export const paymentsExportUrl = (filters: PaymentFilters, format: "csv" | "xlsx") =>
  `/api/admin/payments/export${paymentFilterQuery(filters, { format })}`;
