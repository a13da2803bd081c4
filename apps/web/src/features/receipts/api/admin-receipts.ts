import { receiptEndpoints } from "@app/shared/contract/receipts";
import type { RejectReceiptInput } from "@app/shared/schemas/receipts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type AdminReceiptRow = AnswerOf<typeof receiptEndpoints.list>["receipts"][number];

const LIST_KEY = ["receipts", "admin"] as const;

/** 'Gestão de Comprovantes de Pagamento': every receipt (newest first), with its duplicates, and the cards. */
export const adminReceiptsQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: ({ signal }) => api(receiptEndpoints.list, { signal }),
});

/** A review changes the receipt, the enrolment, the payments and the dashboard's counts and revenue. */
function refresh(client: QueryClient) {
  return Promise.all(
    [LIST_KEY, ["enrollments"], ["payments"], ["dashboard"]].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

/** pending → approved: one payment, the student enrolled (SPEC §4 'Receipt status'). */
export function useApproveReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(receiptEndpoints.approve, { params: { id } }),
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
