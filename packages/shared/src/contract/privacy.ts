import { endpoint } from "./endpoint";
import type { privacySchemas as S } from "./privacy.schemas";

/** Personal data under Lei n.º 22/11 (decision 099). */
export const privacyEndpoints = {
  notice: endpoint<typeof S.notice>("get", "/privacy-notice"),
  own: endpoint<typeof S.own>("get", "/me/privacy"),
  accept: endpoint<typeof S.accept>("post", "/me/privacy/accept"),
  ownData: endpoint<typeof S.ownData>("get", "/me/privacy/data"),
  requestErasure: endpoint<typeof S.requestErasure>("post", "/me/privacy/erasure-request"),
  settings: endpoint<typeof S.settings>("get", "/admin/settings/privacy"),
  updateSettings: endpoint<typeof S.updateSettings>("put", "/admin/settings/privacy"),
  fileAccesses: endpoint<typeof S.fileAccesses>("get", "/admin/enrollments/{id}/file-accesses"),
  erasureRequests: endpoint<typeof S.erasureRequests>("get", "/admin/erasure-requests"),
  recordErasureRequest: endpoint<typeof S.recordErasureRequest>("post", "/admin/student-accounts/{id}/erasure-request"),
  carryOutErasure: endpoint<typeof S.carryOutErasure>("post", "/admin/erasure-requests/{id}/carry-out"),
  refuseErasure: endpoint<typeof S.refuseErasure>("post", "/admin/erasure-requests/{id}/refuse"),
};
