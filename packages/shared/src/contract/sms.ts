import { endpoint } from "./endpoint";
import type { smsSchemas as S } from "./sms.schemas";

/** SMS to students (issue 36, decisions 092 and 094). */
export const smsEndpoints = {
  status: endpoint<typeof S.status>("post", "/sms/status"),
  overview: endpoint<typeof S.overview>("get", "/admin/sms"),
  test: endpoint<typeof S.test>("post", "/admin/sms/test"),
  caps: endpoint<typeof S.caps>("put", "/admin/sms/caps"),
  failures: endpoint<typeof S.failures>("get", "/admin/sms/failures"),
  requeue: endpoint<typeof S.requeue>("post", "/admin/sms/failures/{id}/requeue"),
};
