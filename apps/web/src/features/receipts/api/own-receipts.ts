import { receiptEndpoints } from "@app/shared/contract/receipts";
import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { upload } from "../../../lib/upload";

export type OwnReceipt = AnswerOf<typeof receiptEndpoints.submitOwn>;

/** The receipt could not be sent and the answer says nothing the student can act on. */
export const RECEIPT_SEND_FAILED = "Não foi possível enviar o comprovante. Tente novamente.";

/** The student's own receipts, newest first. */
export const ownReceiptsQuery = queryOptions({
  queryKey: ["receipts", "mine"],
  queryFn: ({ signal }) => api(receiptEndpoints.listOwn, { signal }),
});

/** Sends a payment receipt (file + enrollmentId, paidAmount, paymentDate) with upload progress. */
export function submitOwnReceipt(
  fields: { enrollmentId: string; paidAmount: string; paymentDate: string },
  file: File,
  onProgress: (percent: number) => void,
): Promise<OwnReceipt> {
  const form = new FormData();
  form.append("enrollmentId", fields.enrollmentId);
  form.append("paidAmount", fields.paidAmount);
  form.append("paymentDate", fields.paymentDate);
  form.append("file", file);
  return upload(receiptEndpoints.submitOwn, { body: form }, onProgress, RECEIPT_SEND_FAILED);
}
