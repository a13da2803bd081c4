import { MAIL_ALREADY_SENT, MAIL_NOT_FOUND } from "@app/shared/messages";
import { ApiError } from "../../http/errors";
import type { MailQueue } from "../../mail/mail-queue";

/** The super_admin's list: e-mails that failed, or are still retried after several tries (decision 056). */
export async function listMailFailures(mail: MailQueue) {
  return { failures: await mail.failures() };
}

/** 'Tentar de novo': one more try now; a double click re-queues once more, harmlessly. Answers the list. */
export async function requeueMail(mail: MailQueue, id: string) {
  const result = await mail.requeue(id);
  if (result === "not_found") throw ApiError.of(404, MAIL_NOT_FOUND);
  if (result === "already_sent") throw ApiError.of(409, MAIL_ALREADY_SENT);
  return listMailFailures(mail);
}
