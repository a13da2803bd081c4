import {
  CLASS_STUDENTS_MIN,
  COURSE_HOURS_MAX,
  COURSE_HOURS_MIN,
  COURSE_MONTHS_MIN,
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  TEACHER_YEARS_MAX,
  TEACHER_YEARS_MIN,
  TEXT_MAX,
} from "@app/shared/limits";
import { SLUG_MAX } from "@app/shared/slug";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { normalisedColumn } from "../lists";
import { authUser } from "./auth";
import { classStatus, courseArea, courseStatus, modality, teacherStatus } from "./enums";
import { storedFiles } from "./files";

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: NAME_MAX }).notNull(),
    /**
     * The public page's address, `/cursos/{slug}`, from the name (decision 093): the service writes it. The
     * default only keeps rows inserted by hand (tests, SQL) unique until staff next save the course.
     */
    slug: varchar("slug", { length: SLUG_MAX }).notNull().default(sql`'curso-' || substr(md5(random()::text), 1, 12)`),
    description: text("description"),
    area: courseArea("area"),
    modality: modality("modality"),
    durationMonths: integer("duration_months").notNull(),
    /** 'Carga horária (horas)', optional: the certificate prints it when set, else the months (decision 040). */
    workloadHours: integer("workload_hours"),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }).notNull(),
    status: courseStatus("status").notNull().default("active"),
    /** Chosen by staff for the home page (at most three; decision 010). */
    featured: boolean("featured").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last saved by staff: the sitemap's `lastmod` of the course's page (decision 093). */
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    // The lists' search by course and sort by course read it (decision 062); never written by us.
    nameKey: normalisedColumn("name_key", "name"),
  },
  (t) => [
    check("courses_duration_check", sql`${t.durationMonths} >= ${sql.raw(String(COURSE_MONTHS_MIN))}`),
    check("courses_price_check", sql`${t.price} >= 0`),
    check(
      "courses_workload_hours_check",
      sql`${t.workloadHours} between ${sql.raw(String(COURSE_HOURS_MIN))} and ${sql.raw(String(COURSE_HOURS_MAX))}`,
    ),
    index("courses_status_created_idx").on(t.status, t.createdAt),
    // The lists' sort by course: PostgreSQL walks the courses in this order, then each one's rows.
    index("courses_name_key_idx").on(t.nameKey, t.id),
    uniqueIndex("courses_slug_idx").on(t.slug),
  ],
);

/**
 * A course's former slugs (its name changed): their address answers 301 to the course's page, so a link
 * already shared in a WhatsApp group keeps working (decision 093). A slug lives in one of the two tables.
 */
export const courseSlugRedirects = pgTable("course_slug_redirects", {
  slug: varchar("slug", { length: SLUG_MAX }).primaryKey(),
  courseId: uuid("course_id")
    .notNull()
    .references(() => courses.id, { onDelete: "cascade" }),
});

export const teachers = pgTable(
  "teachers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teacherName: varchar("teacher_name", { length: NAME_MAX }).notNull(),
    teacherPhone: varchar("teacher_phone", { length: PHONE_MAX }),
    teacherEmail: varchar("teacher_email", { length: EMAIL_MAX }),
    specialization: varchar("specialization", { length: TEXT_MAX }).notNull(),
    qualification: varchar("qualification", { length: TEXT_MAX }).notNull(),
    yearsOfExperience: integer("years_of_experience").notNull(),
    bio: text("bio"),
    status: teacherStatus("status").notNull().default("active"),
    /** The staff user (role professor) who is this teacher: they record their classes' results (decision 021). */
    userId: text("user_id")
      .unique()
      .references(() => authUser.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "teachers_years_check",
      sql`${t.yearsOfExperience} between ${sql.raw(String(TEACHER_YEARS_MIN))} and ${sql.raw(String(TEACHER_YEARS_MAX))}`,
    ),
  ],
);

export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: NAME_MAX }).notNull(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    // A class keeps existing when its teacher is removed; it just has no teacher any more.
    teacherId: uuid("teacher_id").references(() => teachers.id, { onDelete: "set null" }),
    classType: modality("class_type").notNull(),
    location: text("location"),
    enrollmentStartDate: date("enrollment_start_date").notNull(),
    enrollmentEndDate: date("enrollment_end_date").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    schedule: varchar("schedule", { length: TEXT_MAX }).notNull(),
    maxStudents: integer("max_students").notNull().default(30),
    currentStudents: integer("current_students").notNull().default(0),
    curriculumFileId: uuid("curriculum_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    status: classStatus("status").notNull().default("active"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("classes_max_students_check", sql`${t.maxStudents} >= ${sql.raw(String(CLASS_STUDENTS_MIN))}`),
    check(
      "classes_current_students_check",
      sql`${t.currentStudents} >= 0 and ${t.currentStudents} <= ${t.maxStudents}`,
    ),
    check("classes_enrollment_window_check", sql`${t.enrollmentEndDate} > ${t.enrollmentStartDate}`),
    check("classes_enrollment_before_start_check", sql`${t.enrollmentEndDate} <= ${t.startDate}`),
    check("classes_dates_check", sql`${t.endDate} > ${t.startDate}`),
    index("classes_course_idx").on(t.courseId),
  ],
);
