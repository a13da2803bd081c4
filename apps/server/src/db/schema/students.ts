import { BI_NUMBER_MAX, EMAIL_MAX, NAME_MAX, STUDENT_CODE_MAX, STUDENT_PHONE_DIGITS } from "@app/shared/limits";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { containsIndex, normalisedColumn } from "../lists";
import { authUser } from "./auth";

/**
 * A student's account. The password is never stored here: its hash lives in auth_account
 * (better-auth), and the plain password is shown once, at creation or reset.
 */
export const studentAccounts = pgTable(
  "student_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => authUser.id, { onDelete: "restrict" }),
    studentName: varchar("student_name", { length: NAME_MAX }).notNull(),
    studentPhone: varchar("student_phone", { length: STUDENT_PHONE_DIGITS }).notNull(),
    studentEmail: varchar("student_email", { length: EMAIL_MAX }),
    /** The identity card's number ('Nº do BI'), when known: an imported student's natural key (decision 097). */
    biNumber: varchar("bi_number", { length: BI_NUMBER_MAX }).unique(),
    studentCode: varchar("student_code", { length: STUDENT_CODE_MAX }).notNull().unique(),
    mustChangePassword: boolean("must_change_password").notNull().default(true),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    enrollmentCompleted: boolean("enrollment_completed").notNull().default(false),
    /** 'Receber SMS' (decision 092, Lei 22/11): on by default for transactional messages; when it last changed. */
    smsOptIn: boolean("sms_opt_in").notNull().default(true),
    smsOptInChangedAt: timestamp("sms_opt_in_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Searched and sorted as stored, case and accents aside (decision 062); never written by us.
    studentNameKey: normalisedColumn("student_name_key", "student_name"),
    studentEmailKey: normalisedColumn("student_email_key", "student_email"),
    studentCodeKey: normalisedColumn("student_code_key", "student_code"),
  },
  (t) => [
    check("student_accounts_code_check", sql`${t.studentCode} ~ ${sql.raw(`'^[A-Z0-9]{1,${STUDENT_CODE_MAX}}$'`)}`),
    check("student_accounts_phone_check", sql`${t.studentPhone} ~ ${sql.raw(`'^[0-9]{${STUDENT_PHONE_DIGITS}}$'`)}`),
    // 'Contas de Alunos' (decision 057): newest account first.
    index("student_accounts_created_idx").on(t.createdAt, t.id),
    // Its search ('contains', decision 062) and the sort by name.
    containsIndex("student_accounts_name_search_idx", t.studentNameKey),
    containsIndex("student_accounts_email_search_idx", t.studentEmailKey),
    containsIndex("student_accounts_code_search_idx", t.studentCodeKey),
    containsIndex("student_accounts_phone_search_idx", t.studentPhone),
    index("student_accounts_name_key_idx").on(t.studentNameKey, t.id),
  ],
);
