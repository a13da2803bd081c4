import { endpoint } from "./endpoint";
import type { studentAccountSchemas as S } from "./student-accounts.schemas";

export const studentAccountEndpoints = {
  create: endpoint<typeof S.create>("post", "/student-accounts"),
  own: endpoint<typeof S.own>("get", "/me/account"),
  changeOwnPassword: endpoint<typeof S.changeOwnPassword>("put", "/me/account/password"),
  setOwnSms: endpoint<typeof S.setOwnSms>("put", "/me/account/sms"),
  list: endpoint<typeof S.list>("get", "/admin/student-accounts"),
  editCredentials: endpoint<typeof S.editCredentials>("put", "/admin/student-accounts/{id}/credentials"),
  resetPassword: endpoint<typeof S.resetPassword>("post", "/admin/student-accounts/{id}/reset-password"),
  passwordSms: endpoint<typeof S.passwordSms>("post", "/admin/student-accounts/{id}/password-sms"),
};
