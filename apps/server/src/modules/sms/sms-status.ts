import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { smsMessages } from "../../db/schema";
import type { Logger } from "../../logger";
import type { SmsStatusReport } from "./provider/sms-provider";
import { smsFailureNote, smsHistoryLine } from "./sms-history";
import type { Sms } from "./sms-setup";

/**
 * A signed status callback (decision 092): 'delivered' or 'failed' ends a message that was sent, once
 * (the row is locked: a repeated or concurrent callback finds it ended and changes nothing), with its
 * History line. The provider's intermediate states, a 'sent' we already know, and ids we never sent
 * change nothing.
 */
export async function recordSmsStatus(
  deps: { db: Database; sms: Sms; log: Logger },
  report: SmsStatusReport,
): Promise<"recorded" | "ignored"> {
  const { db, sms } = deps;
  if (report.state !== "delivered" && report.state !== "failed") return "ignored";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.provider, sms.provider.name),
          eq(smsMessages.providerId, report.providerId),
          inArray(smsMessages.status, ["sending", "sent"]),
        ),
      )
      .for("update");
    if (!row) return "ignored";
    const now = new Date();
    if (report.state === "delivered") {
      await tx.update(smsMessages).set({ status: "delivered", deliveredAt: now }).where(eq(smsMessages.id, row.id));
      if (row.enrollmentId) await smsHistoryLine(tx, row.enrollmentId, "sms_delivered", null);
    } else {
      const reason = sms.provider.describeError(report.errorCode);
      await tx
        .update(smsMessages)
        .set({ status: "failed", failedAt: now, errorCode: report.errorCode, error: reason })
        .where(eq(smsMessages.id, row.id));
      if (row.enrollmentId) await smsHistoryLine(tx, row.enrollmentId, "sms_failed", smsFailureNote(reason));
    }
    return "recorded";
  });
}
