import type {
  AdminReceiptList,
  AdminReceiptRow,
  RejectReceiptInput,
  ReviewedReceipt,
} from "@app/shared/schemas/receipts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export type { AdminReceiptRow };

const LIST_KEY = ["receipts", "admin"] as const;

/** 'Gestão de Comprovantes de Pagamento': every receipt (newest first), with its duplicates, and the cards. */
export const adminReceiptsQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: ({ signal }) => api<AdminReceiptList>("/admin/receipts", { signal }),
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
    mutationFn: (id: string) => api<ReviewedReceipt>(`/admin/receipts/${id}/approve`, { method: "POST" }),
    onSuccess: () => refresh(client),
  });
}

/** pending → rejected with a reason; the student may send a new receipt. */
export function useRejectReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RejectReceiptInput }) =>
      api<ReviewedReceipt>(`/admin/receipts/${id}/reject`, { method: "POST", body: input }),
    onSuccess: () => refresh(client),
  });
}

/** Where staff read a receipt file (private: the server checks who asks). */
export const receiptFileUrl = (fileId: string) => `/api/files/${fileId}`;
