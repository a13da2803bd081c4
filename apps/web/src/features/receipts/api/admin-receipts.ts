import type { ReceiptStatementState } from "@app/shared/bank-statements/receipt-links";
import { receiptEndpoints } from "@app/shared/contract/receipts";
import type { DifferenceChoiceInput } from "@app/shared/payment-balance-schema";
import type { ReceiptSortKey, RejectReceiptInput } from "@app/shared/schemas/receipts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { refreshAfterChange, type ServerListParams, useCachedListRow } from "../../../lib/server-list";

export type AdminReceiptList = AnswerOf<typeof receiptEndpoints.list>;
export type AdminReceiptRow = AdminReceiptList["rows"][number];
/** A page of 'Comprovantes' (decision 057): the search, and what the bank statements say (decision 074). */
export type AdminReceiptParams = ServerListParams<ReceiptSortKey, { statement?: ReceiptStatementState | undefined }>;

/** Every cached page of the list starts with this key. */
const ADMIN_RECEIPTS_KEY = ["receipts", "admin"] as const;

/**
 * 'Gestão de Comprovantes de Pagamento': one page of the receipts, searched and sorted by the server
 * (newest sent first by default), each with its duplicates, and the cards over every receipt.
 */
export const adminReceiptsQuery = (params: AdminReceiptParams) =>
  queryOptions({
    queryKey: [...ADMIN_RECEIPTS_KEY, params],
    queryFn: ({ signal }) => api(receiptEndpoints.list, { query: params, signal }),
  });

/** The receipt a dialog opened on, as the freshest cached page shows it (it opens from a visible row). */
export const useAdminReceiptRow = (id: string | null) => useCachedListRow<AdminReceiptRow>(ADMIN_RECEIPTS_KEY, id);

/** A review changes the receipt, the enrolment, the payments and the dashboard's counts and revenue. */
function refresh(client: QueryClient) {
  return refreshAfterChange(client, [ADMIN_RECEIPTS_KEY, ["enrollments"], ["payments"], ["dashboard"]]);
}

/**
 * pending → approved: one payment, the student enrolled (SPEC §4 'Receipt status'), or awaiting the
 * balance when finance chose so for a short amount (decision 083).
 */
export function useApproveReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, difference }: { id: string; difference?: DifferenceChoiceInput }) =>
      api(receiptEndpoints.approve, { params: { id }, body: { difference } }),
    onSuccess: () => refresh(client),
  });
}

/** pending → rejected with a reason; the student may send a new receipt. */
export function useRejectReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RejectReceiptInput }) =>
      api(receiptEndpoints.reject, { params: { id }, body: input }),
    onSuccess: () => refresh(client),
  });
}

/** Where a receipt file is read (private: the server checks who asks). */
