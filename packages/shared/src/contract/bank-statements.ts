import type { bankStatementSchemas as S } from "./bank-statements.schemas";
import { endpoint } from "./endpoint";

/** Finance's bank-statement import and reconciliation (issue 25, decision 070). */
export const bankStatementEndpoints = {
  preview: endpoint<typeof S.preview>("post", "/admin/bank-statements/preview"),
  import: endpoint<typeof S.import>("post", "/admin/bank-statements"),
  remove: endpoint<typeof S.remove>("delete", "/admin/bank-statements/{id}"),
  forgetMapping: endpoint<typeof S.forgetMapping>("delete", "/admin/bank-statements/mappings/{mappingId}"),
  list: endpoint<typeof S.list>("get", "/admin/bank-statements"),
  get: endpoint<typeof S.get>("get", "/admin/bank-statements/{id}"),
  assign: endpoint<typeof S.assign>("post", "/admin/bank-statements/{id}/lines/{lineId}/assign"),
  ignore: endpoint<typeof S.ignore>("post", "/admin/bank-statements/{id}/lines/{lineId}/ignore"),
  confirm: endpoint<typeof S.confirm>("post", "/admin/bank-statements/{id}/confirm"),
};
