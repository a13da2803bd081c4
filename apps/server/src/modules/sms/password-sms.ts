import {
  SMS_NO_MOBILE,
  SMS_OFF,
  SMS_OPTED_OUT,
  SMS_PASSWORD_GONE,
  STUDENT_ACCOUNT_NOT_FOUND,
} from "@app/shared/messages";
import { and, eq } from "drizzle-orm";
import { verifyPassword } from "../../auth/password-hashing";
import type { Database } from "../../db/client";
import { authAccount, studentAccounts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { earlierAnswer } from "../../http/idempotency";
import { angolanMobileE164, queueSms } from "./queue-sms";
import { phoneLabel } from "./sms-history";
import type { Sms } from "./sms-setup";
import { credentialsSms } from "./templates";

/** The reset whose password is sent: the same caller and the reset's own Idempotency-Key (decision 026). */
export interface ResetToSend {
  key: string;
  actorUserId: string;
  authSecret: string;
}

/**
 * 'Enviar por SMS' beside a reset password (decision 094): only on this request, never by itself. The
 * password is the reset's own answer, read back by its Idempotency-Key (kept 10 minutes) — nothing is
 * reset here — and still the student's (not changed since). One SMS per reset: its key names the reset,
 * so a double click or a second press queues nothing more. Refused, with what to do instead, when SMS
 * is off, the phone is not an Angolan mobile, or the student turned 'Receber SMS' off.
 */
export async function sendPasswordBySms(db: Database, sms: Sms | undefined, accountId: string, reset: ResetToSend) {
  if (!sms) throw ApiError.of(409, SMS_OFF);
  const [account] = await db
    .select({ a: studentAccounts, hash: authAccount.password })
    .from(studentAccounts)
    .leftJoin(
      authAccount,
      and(eq(authAccount.userId, studentAccounts.userId), eq(authAccount.providerId, "credential")),
    )
    .where(eq(studentAccounts.id, accountId));
  if (!account) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
  const to = angolanMobileE164(account.a.studentPhone);
  if (!to) throw ApiError.of(409, SMS_NO_MOBILE);
  if (!account.a.smsOptIn) throw ApiError.of(409, SMS_OPTED_OUT);

  const answer = await earlierAnswer<{ studentCode: string; studentPassword: string }>(db, reset.authSecret, {
    key: reset.key,
    actorUserId: reset.actorUserId,
    operation: "student-password-reset",
    targetId: accountId,
  });
  const stillTheirs =
    answer &&
    account.a.mustChangePassword &&
    account.hash &&
    (await verifyPassword({ hash: account.hash, password: answer.studentPassword }));
  if (!answer || !stillTheirs) throw ApiError.of(409, SMS_PASSWORD_GONE);

  await db.transaction((tx) =>
    queueSms(tx, sms, {
      key: `credentials:${reset.key}`,
      enrollmentId: null,
      phone: account.a.studentPhone,
      template: "credentials",
      body: credentialsSms({ studentCode: account.a.studentCode, password: answer.studentPassword }),
    }),
  );
  return { to: phoneLabel(to) };
}
