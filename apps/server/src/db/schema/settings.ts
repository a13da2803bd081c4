import { GRADE_MAX, GRADE_MIN } from "@app/shared/grades";
import { EMAIL_MAX, IBAN_MAX, INSTITUTE_NAME_MAX, PHONE_MAX, TEXT_MAX } from "@app/shared/limits";
import { DEFAULT_PASS_MARK } from "@app/shared/schemas/pass-mark";
import { sql } from "drizzle-orm";
import { check, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { authUser } from "./auth";

/**
 * The institute's details used in the messages to students (bank details for the transfer, contacts).
 * One row (id = 1), created by the migration with demo values and edited by super_admin.
 */
export const instituteSettings = pgTable(
  "institute_settings",
  {
    id: integer("id").primaryKey().default(1),
    name: varchar("name", { length: INSTITUTE_NAME_MAX }).notNull(),
    bankName: varchar("bank_name", { length: TEXT_MAX }).notNull(),
    /** Stored compact (no spaces or dots): AO and 23 digits whose ISO 13616 check adds up (decision 051). */
    iban: varchar("iban", { length: IBAN_MAX }).notNull(),
    beneficiary: varchar("beneficiary", { length: INSTITUTE_NAME_MAX }).notNull(),
    /** The 9 digits of an Angolan mobile. */
    whatsappNumber: varchar("whatsapp_number", { length: PHONE_MAX }).notNull(),
    contactEmail: varchar("contact_email", { length: EMAIL_MAX }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => authUser.id, { onDelete: "set null" }),
    /** The lowest final grade that passes (0–20; decision 027): 'Concluído' under it asks first. */
    passMark: numeric("pass_mark", { precision: 4, scale: 1, mode: "number" }).notNull().default(DEFAULT_PASS_MARK),
    /** SMS (decision 092): at most this many a day (Luanda time); the rest wait for the next day. */
    smsDailyCap: integer("sms_daily_cap").notNull().default(500),
    /** …and at most this many to one number a day. */
    smsPerStudentDailyCap: integer("sms_per_student_daily_cap").notNull().default(5),
  },
  (t) => [
    check("institute_settings_sms_caps_check", sql`${t.smsDailyCap} >= 0 and ${t.smsPerStudentDailyCap} >= 0`),
    check("institute_settings_single_row_check", sql`${t.id} = 1`),
    check(
      "institute_settings_pass_mark_check",
      sql`${t.passMark} between ${sql.raw(String(GRADE_MIN))} and ${sql.raw(String(GRADE_MAX))}`,
    ),
  ],
);
