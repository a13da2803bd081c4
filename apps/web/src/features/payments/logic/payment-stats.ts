import { INVALID_DATE } from "@app/shared/calendar-date";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  type PaymentStatus,
} from "@app/shared/enums";

/** pending 'Pendente', completed and confirmed 'Confirmado', failed 'Falhado' (SPEC §4 'Payment status'). */
export function paymentStatusLabel(status: PaymentStatus): string {
  return PAYMENT_STATUS_LABELS[status] ?? "Pendente";
}

/** The method filter: each method once, whichever flow recorded it (a receipt approval is a bank transfer). */
export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

export type PaymentFilters = { from: string; to: string; method: PaymentMethod | null };

/** A period whose end is before its start lists nothing: the page says so instead of asking. */
export function periodError(filters: PaymentFilters): string | undefined {
  return filters.from && filters.to && filters.to < filters.from ? "A data final é anterior à inicial" : undefined;
}

/** Which date field holds a day the browser cannot read (typed 30/02): its value is then empty. */
export type UnreadableDates = { from: boolean; to: boolean };

/**
 * The message under each date field, if any: 'Data inválida' for a day the browser could not read (an
 * empty value would otherwise drop the filter silently), then a period that ends before it starts.
 */
export function filterErrors(
  filters: PaymentFilters,
  unreadable: UnreadableDates = { from: false, to: false },
): { from?: string; to?: string } {
  return {
    from: unreadable.from ? INVALID_DATE : undefined,
    to: unreadable.to ? INVALID_DATE : periodError(filters),
  };
}
