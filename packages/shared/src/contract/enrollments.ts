import { endpoint } from "./endpoint";
import type { enrollmentSchemas as S } from "./enrollments.schemas";

export const enrollmentEndpoints = {
  /* The signed-in student's own. */
  submit: endpoint<typeof S.submit>("post", "/me/enrollments"),
  mine: endpoint<typeof S.mine>("get", "/me/enrollments"),
  newApplicationStart: endpoint<typeof S.newApplicationStart>("get", "/me/enrollments/new-application"),
  submitNewApplication: endpoint<typeof S.submitNewApplication>("post", "/me/enrollments/new-application"),
  replaceDocument: endpoint<typeof S.replaceDocument>("put", "/me/enrollments/{id}/documents/{document}"),

  /* Review. */
  list: endpoint<typeof S.list>("get", "/admin/enrollments"),
  referenceCode: endpoint<typeof S.referenceCode>("get", "/admin/enrollments/reference-code"),
  detail: endpoint<typeof S.detail>("get", "/admin/enrollments/{id}"),
  approve: endpoint<typeof S.approve>("post", "/admin/enrollments/{id}/approve"),
  whatsappSent: endpoint<typeof S.whatsappSent>("post", "/admin/enrollments/{id}/whatsapp-sent"),
  reject: endpoint<typeof S.reject>("post", "/admin/enrollments/{id}/reject"),
  requestCorrection: endpoint<typeof S.requestCorrection>("post", "/admin/enrollments/{id}/request-correction"),
  remove: endpoint<typeof S.remove>("delete", "/admin/enrollments/{id}"),

  /* Staff entry. */
  phoneAccounts: endpoint<typeof S.phoneAccounts>("get", "/admin/enrollments/phone-accounts"),
  create: endpoint<typeof S.create>("post", "/admin/enrollments"),
  edit: endpoint<typeof S.edit>("patch", "/admin/enrollments/{id}"),

  /* Payment. */
  classes: endpoint<typeof S.classes>("get", "/admin/enrollments/{id}/classes"),
  confirmPayment: endpoint<typeof S.confirmPayment>("post", "/admin/enrollments/{id}/confirm-payment"),
  assignClass: endpoint<typeof S.assignClass>("post", "/admin/enrollments/{id}/assign-class"),
};
