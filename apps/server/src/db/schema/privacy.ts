import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { enrollments } from "./enrollments";
import { fileKind } from "./enums";
import { studentAccounts } from "./students";

/**
 * Who opened which applicant document, when and from which screen (Lei 22/11, decision 099). The file id
 * has no foreign key: the row outlives the file (retention, erasure).
 */
export const fileAccesses = pgTable(
  "file_accesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileId: uuid("file_id").notNull(),
    fileKind: fileKind("file_kind").notNull(),
    /** The student whose document it is. */
    ownerUserId: text("owner_user_id").references(() => authUser.id, { onDelete: "cascade" }),
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => authUser.id, { onDelete: "set null" }),
    screen: varchar("screen", { length: 20 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("file_accesses_enrollment_idx").on(t.enrollmentId, t.at),
    index("file_accesses_owner_idx").on(t.ownerUserId, t.at),
  ],
);

/** The privacy notice, one row per version; the newest is the one in force. */
export const privacyNotices = pgTable("privacy_notices", {
  version: integer("version").primaryKey(),
  text: text("text").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: text("created_by").references(() => authUser.id, { onDelete: "set null" }),
});

/** Which notice version each student accepted and when (the newest acceptance). */
export const privacyAcceptances = pgTable("privacy_acceptances", {
  userId: text("user_id")
    .primaryKey()
    .references(() => authUser.id, { onDelete: "cascade" }),
  version: integer("version")
    .notNull()
    .references(() => privacyNotices.version, { onDelete: "restrict" }),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Privacy settings (one row, id = 1): how long files of ended enrolments are kept; null = 'nunca' deleted. */
export const privacySettings = pgTable(
  "privacy_settings",
  {
    id: integer("id").primaryKey().default(1),
    retentionMonths: integer("retention_months"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => authUser.id, { onDelete: "set null" }),
  },
  (t) => [
    check("privacy_settings_single_row_check", sql`${t.id} = 1`),
    check("privacy_settings_retention_check", sql`${t.retentionMonths} is null or ${t.retentionMonths} > 0`),
  ],
);

/**
 * A student's request to have their data erased, and who carried it out and when, or who refused it, when
 * and why (the student may ask again: a new request).
 */
export const erasureRequests = pgTable(
  "erasure_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Shown in the anonymised name ('Aluno removido #7'). */
    number: serial("number").notNull().unique(),
    studentAccountId: uuid("student_account_id")
      .notNull()
      .references(() => studentAccounts.id, { onDelete: "restrict" }),
    channel: varchar("channel", { length: 12 }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    requestedBy: text("requested_by").references(() => authUser.id, { onDelete: "set null" }),
    status: varchar("status", { length: 8 }).notNull().default("pending"),
    carriedOutAt: timestamp("carried_out_at", { withTimezone: true }),
    carriedOutBy: text("carried_out_by").references(() => authUser.id, { onDelete: "set null" }),
    refusedAt: timestamp("refused_at", { withTimezone: true }),
    refusedBy: text("refused_by").references(() => authUser.id, { onDelete: "set null" }),
    /** Shown to the student in 'Dados de Acesso'. */
    refusalReason: text("refusal_reason"),
  },
  (t) => [
    check("erasure_requests_channel_check", sql`${t.channel} in ('portal', 'presencial')`),
    check("erasure_requests_status_check", sql`${t.status} in ('pending', 'done', 'refused')`),
    check("erasure_requests_done_check", sql`(${t.status} = 'done') = (${t.carriedOutAt} is not null)`),
    check(
      "erasure_requests_refused_check",
      sql`(${t.status} = 'refused') = (${t.refusedAt} is not null and ${t.refusalReason} is not null)`,
    ),
    uniqueIndex("erasure_requests_one_open_idx").on(t.studentAccountId).where(sql`${t.status} = 'pending'`),
  ],
);
