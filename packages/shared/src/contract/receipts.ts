import { endpoint } from "./endpoint";
import type { receiptSchemas as S } from "./receipts.schemas";

export const receiptEndpoints = {
  submitOwn: endpoint<typeof S.submitOwn>("post", "/me/receipts"),
  listOwn: endpoint<typeof S.listOwn>("get", "/me/receipts"),
  list: endpoint<typeof S.list>("get", "/admin/receipts"),
  approve: endpoint<typeof S.approve>("post", "/admin/receipts/{id}/approve"),
  reject: endpoint<typeof S.reject>("post", "/admin/receipts/{id}/reject"),
};
