import { parseAngolanMobile } from "@app/shared/phones";
import { smsNotMobileReason } from "@app/shared/sms";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { enrollments, smsMessages, studentAccounts } from "../../db/schema";
import { smsFailureNote, smsHistoryLine } from "./sms-history";
import type { Sms } from "./sms-setup";
import type { SmsTemplate } from "./templates";

export interface SmsToQueue {
  /** Names the event the SMS reports: one SMS per key, ever (a double click, a retry, two instances). */
  key: string;
  /** The enrolment it is about (its student's 'Receber SMS', its History); null for a test or credentials. */
  enrollmentId: string | null;
  /** The number as stored or typed. */
  phone: string;
  template: SmsTemplate;
  body: string;
}

export type SmsQueued = "off" | "queued" | "duplicate" | "opted_out" | "refused";

/** +2449XXXXXXXX from any way of writing an Angolan mobile; null for anything else (a landline, a foreign number). */
export function angolanMobileE164(phone: string): string | null {
  const parsed = parseAngolanMobile(phone);
  return "phone" in parsed ? `+244${parsed.phone}` : null;
}

/**
 * In the caller's transaction (decision 092): the SMS's row and its job, so a rollback leaves neither and
 * a commit both. Nothing when SMS is off or the student turned 'Receber SMS' off; a number that is not an
 * Angolan mobile is refused here, before anything is sent, and the History says why.
 */
export async function queueSms(tx: Tx, sms: Sms | undefined, input: SmsToQueue): Promise<SmsQueued> {
  if (!sms) return "off";
  if (input.enrollmentId && (await optedOut(tx, input.enrollmentId))) return "opted_out";
  const to = angolanMobileE164(input.phone);
  const [row] = await tx
    .insert(smsMessages)
    .values({
      key: input.key,
      enrollmentId: input.enrollmentId,
      to: to ?? input.phone.slice(0, 40),
      template: input.template,
      body: input.body,
      provider: sms.provider.name,
      ...(to ? {} : { status: "refused" as const, error: smsNotMobileReason, failedAt: new Date() }),
    })
    .onConflictDoNothing({ target: smsMessages.key })
    .returning({ id: smsMessages.id });
  if (!row) return "duplicate";
  if (!to) {
    if (input.enrollmentId)
      await smsHistoryLine(tx, input.enrollmentId, "sms_failed", smsFailureNote(smsNotMobileReason));
    return "refused";
  }
  await sms.jobs.enqueue(tx, { messageId: row.id });
  return "queued";
}

async function optedOut(tx: Tx, enrollmentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ optIn: studentAccounts.smsOptIn })
    .from(enrollments)
    .innerJoin(studentAccounts, eq(studentAccounts.id, enrollments.studentAccountId))
    .where(eq(enrollments.id, enrollmentId));
  return row?.optIn === false;
}
