import { endpoint } from "./endpoint";
import type { mailSchemas as S } from "./mail.schemas";

export const mailEndpoints = {
  failures: endpoint<typeof S.failures>("get", "/admin/mail/failures"),
  requeue: endpoint<typeof S.requeue>("post", "/admin/mail/failures/{id}/requeue"),
};
