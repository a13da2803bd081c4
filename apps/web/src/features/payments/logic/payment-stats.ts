import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
  RECEIPT_PAYMENT_METHOD,
} from "@app/shared/enums";

/** pending 'Pendente', completed and confirmed 'Confirmado', failed 'Falhado' (SPEC §4 'Payment status'). */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? "Pendente";
}

/** The method filter: the staff methods, then the one a receipt approval writes. */
export const PAYMENT_METHOD_OPTIONS = [
  ...PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] ?? value })),
  { value: RECEIPT_PAYMENT_METHOD, label: RECEIPT_PAYMENT_METHOD },
];

export type PaymentFilters = { from: string; to: string; method: string | null };

/** The query string of the list and the export: only the filters that are set. */
export function paymentFilterQuery(filters: PaymentFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.method) params.set("method", filters.method);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** A period whose end is before its start lists nothing: the page says so instead of asking. */
export function periodError(filters: PaymentFilters): string | undefined {
  return filters.from && filters.to && filters.to < filters.from ? "A data final é anterior à inicial" : undefined;
}
