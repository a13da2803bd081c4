import { index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { authUser } from "./auth";

/**
 * One row per staff confirmation sent with an `Idempotency-Key` (decision 026): the first request with a
 * key claims it and does the work in the same transaction; a retry or a second click with the same key
 * gets the first answer back instead of doing it again. Shared through PostgreSQL, so every instance
 * sees it. The answer may hold a generated password: it is kept encrypted (AES-256-GCM, key derived from
 * AUTH_SECRET) and wiped after 10 minutes; the row itself is deleted after a day.
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    key: uuid("key").primaryKey(),
    actorUserId: text("actor_user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    /** What was asked, e.g. 'student-password-reset'; the same key for another operation is refused. */
    operation: varchar("operation", { length: 40 }).notNull(),
    /** The record the operation changed (a student account's id). */
    targetId: text("target_id").notNull(),
    /** HMAC-SHA256 of the request body: the same key with other data is refused, without keeping the data. */
    requestHash: text("request_hash").notNull(),
    /** The answer, encrypted (base64 of iv | tag | ciphertext); null while in progress and once expired. */
    response: text("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("idempotent_requests_created_at_idx").on(t.createdAt)],
);
