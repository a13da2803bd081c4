import { APPLICATION_SOURCES } from "@app/shared/application-source";
import { GRADE_MAX, GRADE_MIN } from "@app/shared/grades";
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, TEXT_MAX } from "@app/shared/limits";
import { sql } from "drizzle-orm";
import { check, date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { containsIndex, normalisedColumn } from "../lists";
import { authUser } from "./auth";
import { classes, courses } from "./catalog";
import { enrollmentEventKind, enrollmentStatus, province } from "./enums";
import { storedFiles } from "./files";
import { studentAccounts } from "./students";

export const enrollments = pgTable(
  "enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => authUser.id, { onDelete: "restrict" }),
    studentAccountId: uuid("student_account_id").references(() => studentAccounts.id, { onDelete: "restrict" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    classId: uuid("class_id").references(() => classes.id, { onDelete: "restrict" }),
    studentName: varchar("student_name", { length: NAME_MAX }).notNull(),
    studentPhone: varchar("student_phone", { length: PHONE_MAX }).notNull(),
    studentEmail: varchar("student_email", { length: EMAIL_MAX }),
    birthDate: date("birth_date").notNull(),
    fatherName: varchar("father_name", { length: TEXT_MAX }),
    motherName: varchar("mother_name", { length: TEXT_MAX }).notNull(),
    nationality: varchar("nationality", { length: TEXT_MAX }).notNull(),
    birthPlace: varchar("birth_place", { length: TEXT_MAX }).notNull(),
    province: province("province").notNull(),
    municipality: varchar("municipality", { length: TEXT_MAX }).notNull(),
    neighborhood: varchar("neighborhood", { length: TEXT_MAX }).notNull(),
    // The education-level lists differ between the SPEC's forms, so the value is kept as given.
    qualification: varchar("qualification", { length: 50 }).notNull(),
    trainingArea: varchar("training_area", { length: TEXT_MAX }).notNull(),
    schedulePreference: varchar("schedule_preference", { length: 20 }).notNull(),
    idCardFrontFileId: uuid("id_card_front_file_id").references(() => storedFiles.id, { onDelete: "restrict" }),
    idCardBackFileId: uuid("id_card_back_file_id").references(() => storedFiles.id, { onDelete: "restrict" }),
    certificateFileId: uuid("certificate_file_id").references(() => storedFiles.id, { onDelete: "restrict" }),
    status: enrollmentStatus("status").notNull().default("pre_inscrito"),
    applicationDate: timestamp("application_date", { withTimezone: true }).notNull().defaultNow(),
    approvalDate: timestamp("approval_date", { withTimezone: true }),
    approvedBy: text("approved_by").references(() => authUser.id, { onDelete: "restrict" }),
    paymentReferenceCode: varchar("payment_reference_code", { length: 50 }),
    paymentReferenceSentAt: timestamp("payment_reference_sent_at", { withTimezone: true }),
    notes: text("notes"),
    /** Where the applicant heard of the course (decision 093): one of APPLICATION_SOURCES, or null if not said. */
    source: varchar("source", { length: 20 }),
    /** The teacher's result (decision 021): 0–20 with one decimal, optional; when and by whom it was recorded. */
    finalGrade: numeric("final_grade", { precision: 4, scale: 1, mode: "number" }),
    resultAt: timestamp("result_at", { withTimezone: true }),
    resultBy: text("result_by").references(() => authUser.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A rejected application's personal fields erased after the retention period (decision 099). */
    personalDataErasedAt: timestamp("personal_data_erased_at", { withTimezone: true }),
    // Searched and sorted as stored, case and accents aside (decision 062); never written by us.
    studentNameKey: normalisedColumn("student_name_key", "student_name"),
    studentEmailKey: normalisedColumn("student_email_key", "student_email"),
    paymentReferenceCodeKey: normalisedColumn("payment_reference_code_key", "payment_reference_code"),
  },
  (t) => [
    check(
      "enrollments_final_grade_check",
      sql`${t.finalGrade} between ${sql.raw(String(GRADE_MIN))} and ${sql.raw(String(GRADE_MAX))}`,
    ),
    check(
      "enrollments_source_check",
      sql`${t.source} in (${sql.raw(APPLICATION_SOURCES.map((v) => `'${v}'`).join(", "))})`,
    ),
    check("enrollments_schedule_check", sql`${t.schedulePreference} in ('manha', 'tarde', 'noite', 'sabado')`),
    index("enrollments_student_account_idx").on(t.studentAccountId),
    // 'Inscrições' (decision 057): newest application first, alone or within a status or a course.
    index("enrollments_application_date_idx").on(t.applicationDate, t.id),
    index("enrollments_status_date_idx").on(t.status, t.applicationDate, t.id),
    index("enrollments_course_date_idx").on(t.courseId, t.applicationDate, t.id),
    index("enrollments_source_date_idx").on(t.source, t.applicationDate, t.id),
    index("enrollments_class_idx").on(t.classId),
    // The lists' search ('contains', decision 062) and the sort by name.
    containsIndex("enrollments_student_name_search_idx", t.studentNameKey),
    containsIndex("enrollments_student_email_search_idx", t.studentEmailKey),
    containsIndex("enrollments_reference_search_idx", t.paymentReferenceCodeKey),
    containsIndex("enrollments_student_phone_search_idx", t.studentPhone),
    index("enrollments_student_name_key_idx").on(t.studentNameKey, t.id),
    // A code a student writes on a bank transfer must lead to one enrolment.
    uniqueIndex("enrollments_payment_reference_code_key")
      .on(t.paymentReferenceCode)
      .where(sql`${t.paymentReferenceCode} is not null`),
  ],
);

/** Audit trail of an enrolment: status changes (kind null) and other steps (kind set, same from/to): the History tab. */
export const enrollmentEvents = pgTable(
  "enrollment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => authUser.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    fromStatus: enrollmentStatus("from_status"),
    toStatus: enrollmentStatus("to_status").notNull(),
    kind: enrollmentEventKind("kind"),
    note: text("note"),
  },
  (t) => [index("enrollment_events_enrollment_idx").on(t.enrollmentId, t.at)],
);
