import { endpoint } from "./endpoint";
import type { paymentSchemas as S } from "./payments.schemas";

export const paymentEndpoints = {
  list: endpoint<typeof S.list>("get", "/admin/payments"),
  export: endpoint<typeof S.export>("get", "/admin/payments/export"),
};
