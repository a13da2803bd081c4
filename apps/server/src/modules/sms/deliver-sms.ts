import { smsGaveUpReason } from "@app/shared/sms";
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { instituteSettings, smsMessages } from "../../db/schema";
import type { Logger } from "../../logger";
import { SmsProviderError } from "./provider/sms-provider";
import { phoneLabel, smsFailureNote, smsHistoryLine } from "./sms-history";
import type { Sms } from "./sms-setup";

export interface SmsDeps {
  db: Database;
  sms: Sms;
  log: Logger;
}

/** Serialises the claims of every instance, so two cannot both take the last message under a cap. */
const CAP_LOCK = 920_036;
/** A try older than this that never ended (its process killed) may be taken again. */
const STALE_TRY_MS = 5 * 60_000;
/** The statuses that count against the caps: handed, or being handed, to the provider. */
const COUNTED = ["sending", "sent", "delivered", "failed"] as const;

type Claim = { send: typeof smsMessages.$inferSelect } | { holdUntil: Date } | { done: true };

/**
 * The worker's step for one SMS (decision 092). Claims the row (queued, held, or a try left behind by a
 * killed process) unless a daily cap says tomorrow; hands it to the provider outside any transaction;
 * records what the provider said. A timeout or a 5xx puts it back and throws, so pg-boss tries again;
 * a refusal of the message itself ends it as 'failed'. No request ever waits on this.
 */
export async function deliverSms(deps: SmsDeps, messageId: string, retryCount: number): Promise<void> {
  const { db, sms, log } = deps;
  const claim = await db.transaction((tx) => claimMessage(tx, messageId));
  if ("done" in claim) return;
  if ("holdUntil" in claim) {
    await sms.jobs.enqueueNow({ messageId }, claim.holdUntil);
    log.info({ message: messageId, until: claim.holdUntil.toISOString() }, "sms held: daily cap reached");
    return;
  }
  const message = claim.send;
  try {
    const { providerId } = await sms.provider.send({
      to: message.to,
      body: message.body,
      statusCallback: sms.statusCallbackUrl,
    });
    await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(smsMessages)
        .set({ status: "sent", providerId, sentAt: now, error: null, errorCode: null, ...redacted(message.template) })
        .where(eq(smsMessages.id, message.id));
      if (message.enrollmentId)
        await smsHistoryLine(tx, message.enrollmentId, "sms_sent", `Para ${phoneLabel(message.to)}: ${message.body}`);
    });
  } catch (err) {
    if (!(err instanceof SmsProviderError)) throw err;
    const lastTry = err.permanent || retryCount >= sms.jobs.settings.retryLimit;
    const reason = err.permanent ? sms.provider.describeError(err.code ?? null) : smsGaveUpReason(retryCount + 1);
    await db.transaction(async (tx) => {
      await tx
        .update(smsMessages)
        .set({
          status: lastTry ? "failed" : "queued",
          error: (lastTry ? reason : err.message).slice(0, 500),
          errorCode: err.code ?? null,
          ...(lastTry ? { failedAt: new Date(), ...redacted(message.template) } : {}),
        })
        .where(eq(smsMessages.id, message.id));
      if (lastTry && message.enrollmentId)
        await smsHistoryLine(tx, message.enrollmentId, "sms_failed", smsFailureNote(reason));
    });
    // A refused message is over: the job completes. Anything else: pg-boss tries again (or marks it failed).
    if (!err.permanent) throw err;
  }
}

/** A password is not kept once the provider has it, nor once it failed (decision 094): the row keeps that one was sent. */
const CREDENTIALS_SENT = "Nova senha do portal (texto omitido depois do envio)";
const redacted = (template: string) => (template === "credentials" ? { body: CREDENTIALS_SENT } : {});

async function claimMessage(tx: Tx, id: string): Promise<Claim> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAP_LOCK})`);
  const [row] = await tx.select().from(smsMessages).where(eq(smsMessages.id, id)).for("update");
  if (!row) return { done: true };
  const stale = row.status === "sending" && row.claimedAt && Date.now() - row.claimedAt.getTime() > STALE_TRY_MS;
  if (row.status !== "queued" && row.status !== "held" && !stale) return { done: true };

  const { rows } = await tx.execute<{ day_start: Date; next_day: Date }>(sql`
    select date_trunc('day', now() at time zone 'Africa/Luanda') at time zone 'Africa/Luanda' as day_start,
      (date_trunc('day', now() at time zone 'Africa/Luanda') + interval '1 day') at time zone 'Africa/Luanda' as next_day`);
  const dayStart = new Date(rows[0]!.day_start);
  const nextDay = new Date(rows[0]!.next_day);
  const [caps] = await tx
    .select({ daily: instituteSettings.smsDailyCap, perNumber: instituteSettings.smsPerStudentDailyCap })
    .from(instituteSettings);
  const counted = and(
    gte(smsMessages.claimedAt, dayStart),
    inArray(smsMessages.status, [...COUNTED]),
    ne(smsMessages.id, id),
  );
  const [today] = await tx.select({ n: sql<number>`count(*)::int` }).from(smsMessages).where(counted);
  const [toNumber] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(smsMessages)
    .where(and(counted, eq(smsMessages.to, row.to)));
  if (caps && (today!.n >= caps.daily || toNumber!.n >= caps.perNumber)) {
    await tx.update(smsMessages).set({ status: "held" }).where(eq(smsMessages.id, id));
    return { holdUntil: nextDay };
  }
  const [claimed] = await tx
    .update(smsMessages)
    .set({ status: "sending", claimedAt: new Date(), tries: sql`${smsMessages.tries} + 1` })
    .where(eq(smsMessages.id, id))
    .returning();
  return { send: claimed! };
}
