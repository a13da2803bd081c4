import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { enrollments } from "./enrollments";
import { documentRefusalReason, enrollmentDocument } from "./enums";

/**
 * A document staff refused, asking the student for another one (decision 018). Open while
 * resolved_at is null; the student's replacement resolves it.
 */
export const enrollmentDocumentRequests = pgTable(
  "enrollment_document_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    document: enrollmentDocument("document").notNull(),
    reason: documentRefusalReason("reason").notNull(),
    note: text("note"),
    requestedBy: text("requested_by").references(() => authUser.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    index("enrollment_document_requests_enrollment_idx").on(t.enrollmentId),
    // At most one open request per document of an enrolment.
    uniqueIndex("enrollment_document_requests_open_key")
      .on(t.enrollmentId, t.document)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
