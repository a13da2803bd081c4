import { endpoint } from "./endpoint";
import type { smsSchemas as S } from "./sms.schemas";

/** SMS to students (issue 36, decision 092). */
export const smsEndpoints = {
  status: endpoint<typeof S.status>("post", "/sms/status"),
};
