import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { enrollments } from "./enrollments";

/** What became of an SMS (decision 092). */
export const SMS_STATUSES = ["queued", "held", "sending", "sent", "delivered", "failed", "refused"] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/**
 * Every SMS the portal meant to send (issue 36, decision 092), once per event: `key` names the event
 * (an approval, a reference, a correction request…) and is unique, so a double click, a retried job or
 * two instances give one row and one message (Twilio has no idempotency key). 'queued' waits for the
 * worker, 'held' for tomorrow (a daily cap reached), 'sending' is being handed to the provider, 'sent'
 * the provider took it (provider_id), then 'delivered' or 'failed' as its status callbacks say;
 * 'refused' was never sent (not an Angolan mobile). The text is kept 30 days for the History's audit.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: varchar("key", { length: 200 }).notNull(),
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "cascade" }),
    /** E.164 (+2449XXXXXXXX); as given when refused. */
    to: varchar("to", { length: 40 }).notNull(),
    template: varchar("template", { length: 30 }).notNull(),
    body: varchar("body", { length: 160 }).notNull(),
    status: varchar("status", { length: 10 }).$type<SmsStatus>().notNull().default("queued"),
    provider: varchar("provider", { length: 20 }).notNull(),
    providerId: varchar("provider_id", { length: 64 }),
    errorCode: varchar("error_code", { length: 20 }),
    error: varchar("error", { length: 500 }),
    tries: integer("tries").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a try took it (counted against the daily caps). */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sms_messages_key_idx").on(t.key),
    uniqueIndex("sms_messages_provider_id_idx").on(t.provider, t.providerId),
    index("sms_messages_enrollment_idx").on(t.enrollmentId, t.createdAt),
    index("sms_messages_claimed_idx").on(t.claimedAt),
    index("sms_messages_to_claimed_idx").on(t.to, t.claimedAt),
    index("sms_messages_status_idx").on(t.status, t.createdAt),
    check("sms_messages_status_check", sql`${t.status} in (${sql.raw(SMS_STATUSES.map((s) => `'${s}'`).join(", "))})`),
  ],
);
