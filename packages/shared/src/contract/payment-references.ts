import { endpoint } from "./endpoint";
import type { paymentReferenceSchemas as S } from "./payment-references.schemas";

/** Multicaixa references (issue 26, decision 075). */
export const paymentReferenceEndpoints = {
  webhook: endpoint<typeof S.webhook>("post", "/payment-references/webhook"),
  listOwn: endpoint<typeof S.listOwn>("get", "/me/payment-references"),
  renewOwn: endpoint<typeof S.renewOwn>("post", "/me/payment-references/{enrollmentId}/renew"),
  renew: endpoint<typeof S.renew>("post", "/admin/payment-references/{enrollmentId}/renew"),
  applyUnmatched: endpoint<typeof S.applyUnmatched>("post", "/admin/payment-references/unmatched/{id}/apply"),
  archiveUnmatched: endpoint<typeof S.archiveUnmatched>("post", "/admin/payment-references/unmatched/{id}/archive"),
  summary: endpoint<typeof S.summary>("get", "/admin/payment-references/summary"),
  live: endpoint<typeof S.live>("get", "/admin/payment-references/{enrollmentId}"),
  unmatched: endpoint<typeof S.unmatched>("get", "/admin/payment-references/unmatched"),
};
