import { endpoint } from "./endpoint";
import type { paymentSchemas as S } from "./payments.schemas";

export const paymentEndpoints = {
  list: endpoint<typeof S.list>("get", "/admin/payments"),
  export: endpoint<typeof S.export>("get", "/admin/payments/export"),
  balances: endpoint<typeof S.balances>("get", "/admin/payments/balances"),
  balance: endpoint<typeof S.balance>("get", "/admin/payments/balances/{enrollmentId}"),
  acceptDifference: endpoint<typeof S.acceptDifference>("post", "/admin/payments/balances/{enrollmentId}/accept"),
};
