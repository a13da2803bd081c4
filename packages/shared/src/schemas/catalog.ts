import { classDate } from "../calendar-date-schema";
import { CLASS_STATUSES, COURSE_AREAS, COURSE_STATUSES, MODALITIES, TEACHER_STATUSES } from "../enums";
import {
  EMAIL_TOO_LONG,
  INVALID_EMAIL,
  INVALID_STATUS,
  INVALID_TEACHER,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  PHONE_TOO_LONG,
  SELECT_COURSE,
  TEACHER_YEARS_RANGE,
  TEXT_TOO_LONG,
} from "../field-messages";
import {
  CLASS_STUDENTS_DEFAULT,
  CLASS_STUDENTS_MAX,
  CLASS_STUDENTS_MIN,
  COURSE_HOURS_MAX,
  COURSE_HOURS_MIN,
  COURSE_MONTHS_MAX,
  COURSE_MONTHS_MIN,
  EMAIL_MAX,
  LOCATION_MAX,
  LONG_TEXT_MAX,
  NAME_MAX,
  PHONE_MAX,
  TEACHER_YEARS_MAX,
  TEACHER_YEARS_MIN,
  TEXT_MAX,
} from "../limits";
import { moneySchema } from "../money-schema";
import { SEAT_LABELS } from "../rules";
import { wholeNumberSchema } from "../whole-number-input";
import { z } from "../zod";

/** A course's, class's or teacher's name. */
const requiredName = z.string({ message: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(NAME_MAX, NAME_TOO_LONG);

export const WORKLOAD_MESSAGES = {
  range: `A carga horária vai de ${COURSE_HOURS_MIN} a ${COURSE_HOURS_MAX} horas`,
} as const;

/** Course form (SPEC §5 'Course form'). */
export const courseInputSchema = z.object({
  name: requiredName,
  description: z
    .string()
    .trim()
    .max(LONG_TEXT_MAX, "Descrição muito longa")
    .nullish()
    .transform((v) => v || null),
  area: z
    .enum(COURSE_AREAS, { message: "Área inválida" })
    .nullish()
    .transform((v) => v ?? null),
  modality: z
    .enum(MODALITIES, { message: "Modalidade inválida" })
    .nullish()
    .transform((v) => v ?? null),
  durationMonths: wholeNumberSchema({
    empty: "Duração é obrigatória",
    min: COURSE_MONTHS_MIN,
    belowMin: "A duração deve ser de pelo menos 1 mês",
    max: COURSE_MONTHS_MAX,
    aboveMax: "Duração muito longa",
  }),
  // A number (API clients) or the text typed in the form, read by the shared money parser.
  price: moneySchema({
    empty: "Preço é obrigatório",
    negative: "O preço não pode ser negativo",
    decimals: "O preço aceita no máximo 2 casas decimais",
    max: "Preço muito alto",
  }),
  /**
   * 'Carga horária (horas)', optional: printed on the certificate when set, otherwise the months are
   * (decision 021). A number or the text typed; '' or absent is none.
   */
  workloadHours: z.preprocess(
    (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v),
    wholeNumberSchema({
      empty: WORKLOAD_MESSAGES.range,
      min: COURSE_HOURS_MIN,
      belowMin: WORKLOAD_MESSAGES.range,
      max: COURSE_HOURS_MAX,
      aboveMax: WORKLOAD_MESSAGES.range,
    }).nullable(),
  ),
  status: z.enum(COURSE_STATUSES, { message: INVALID_STATUS }).default("active"),
  /** Shown on the home page while active; at most three (checked by the server). Kept when omitted on update. */
  featured: z.boolean({ message: "Destaque inválido" }).optional(),
});
export type CourseInput = z.input<typeof courseInputSchema>;

/** Teacher form (SPEC §5 'Teacher form'). */
export const teacherInputSchema = z.object({
  teacherName: requiredName,
  specialization: z
    .string({ message: "Especialização é obrigatória" })
    .trim()
    .min(1, "Especialização é obrigatória")
    .max(TEXT_MAX, TEXT_TOO_LONG),
  qualification: z
    .string({ message: "Qualificação é obrigatória" })
    .trim()
    .min(1, "Qualificação é obrigatória")
    .max(TEXT_MAX, TEXT_TOO_LONG),
  yearsOfExperience: wholeNumberSchema({
    empty: "Anos de experiência são obrigatórios",
    min: TEACHER_YEARS_MIN,
    belowMin: TEACHER_YEARS_RANGE,
    max: TEACHER_YEARS_MAX,
    aboveMax: TEACHER_YEARS_RANGE,
  }),
  teacherPhone: z
    .string()
    .trim()
    .max(PHONE_MAX, PHONE_TOO_LONG)
    .nullish()
    .transform((v) => v || null),
  teacherEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, EMAIL_TOO_LONG)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, INVALID_EMAIL),
  bio: z
    .string()
    .trim()
    .max(LONG_TEXT_MAX, TEXT_TOO_LONG)
    .nullish()
    .transform((v) => v || null),
  status: z.enum(TEACHER_STATUSES, { message: INVALID_STATUS }).default("active"),
  /**
   * 'Utilizador (acesso)': the staff user (role professor) who is this teacher and records the results
   * of their classes (decision 021). Absent or '' is none; one user per teacher.
   */
  userId: z
    .string({ message: "Usuário inválido" })
    .trim()
    .max(100, "Usuário inválido")
    .nullish()
    .transform((v) => v || null),
});
export type TeacherInput = z.input<typeof teacherInputSchema>;

export const CLASS_DATE_MESSAGES = {
  enrollmentWindow: "A data de fim das inscrições deve ser posterior à data de início",
  enrollmentBeforeStart: "As inscrições devem encerrar antes do início do curso",
  courseDates: "A data de término do curso deve ser posterior à data de início",
} as const;

type ClassDates = Record<"enrollmentStartDate" | "enrollmentEndDate" | "startDate" | "endDate", unknown>;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The three date rules of the class form, one message per field; nothing until the four dates are
 * valid YYYY-MM-DD dates. The form also runs it on its own, so the date messages show together with
 * the other fields' errors (the schema's refinement only runs once every field is valid).
 */
export function classDateErrors(v: ClassDates): Partial<Record<keyof ClassDates, string>> {
  const dates = [v.enrollmentStartDate, v.enrollmentEndDate, v.startDate, v.endDate];
  if (!dates.every((d) => typeof d === "string" && ISO_DATE.test(d))) return {};
  const [enrollmentStart, enrollmentEnd, start, end] = dates as string[];
  const errors: Partial<Record<keyof ClassDates, string>> = {};
  if (enrollmentEnd! <= enrollmentStart!) errors.enrollmentEndDate = CLASS_DATE_MESSAGES.enrollmentWindow;
  else if (enrollmentEnd! > start!) errors.enrollmentEndDate = CLASS_DATE_MESSAGES.enrollmentBeforeStart;
  if (end! <= start!) errors.endDate = CLASS_DATE_MESSAGES.courseDates;
  return errors;
}

/** Class form (SPEC §5 'Class form'); the same date rules hold in the database (CHECK constraints). */
export const classInputSchema = z
  .object({
    name: requiredName,
    courseId: z.uuid({ message: SELECT_COURSE }),
    teacherId: z
      .uuid({ message: INVALID_TEACHER })
      .nullish()
      .transform((v) => v ?? null),
    classType: z.enum(MODALITIES, { message: "Selecione o tipo" }),
    location: z
      .string()
      .trim()
      .max(LOCATION_MAX, TEXT_TOO_LONG)
      .nullish()
      .transform((v) => v || null),
    enrollmentStartDate: classDate("Data de início das inscrições é obrigatória"),
    enrollmentEndDate: classDate("Data de fim das inscrições é obrigatória"),
    startDate: classDate("Data de início do curso é obrigatória"),
    endDate: classDate("Data de término do curso é obrigatória"),
    schedule: z
      .string({ message: "Horário é obrigatório" })
      .trim()
      .min(1, "Horário é obrigatório")
      .max(TEXT_MAX, TEXT_TOO_LONG),
    maxStudents: wholeNumberSchema({
      empty: "Número máximo de alunos é obrigatório",
      min: CLASS_STUDENTS_MIN,
      belowMin: `O número máximo de alunos deve ser pelo menos ${CLASS_STUDENTS_MIN}`,
      max: CLASS_STUDENTS_MAX,
      aboveMax: "Número muito alto",
    }).default(CLASS_STUDENTS_DEFAULT),
    status: z.enum(CLASS_STATUSES, { message: INVALID_STATUS }).default("active"),
    notes: z
      .string()
      .trim()
      .max(LONG_TEXT_MAX, TEXT_TOO_LONG)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    for (const [path, message] of Object.entries(classDateErrors(v))) {
      ctx.addIssue({ code: "custom", path: [path], message });
    }
  });
export type ClassInput = z.input<typeof classInputSchema>;

/* What the API answers. Dates travel as strings: YYYY-MM-DD for calendar dates, ISO instants for `createdAt`. */

/** A course as staff see it (GET /courses, and the answer of saving one). */
export const courseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Its public page is `/cursos/{slug}` (decision 093). */
  slug: z.string(),
  description: z.string().nullable(),
  area: z.enum(COURSE_AREAS).nullable(),
  modality: z.enum(MODALITIES).nullable(),
  durationMonths: z.number().int(),
  workloadHours: z.number().int().nullable(),
  price: z.number(),
  status: z.enum(COURSE_STATUSES),
  featured: z.boolean(),
  createdAt: z.string(),
});

/** A course of the public catalogue (GET /courses/catalog): only active ones, so no status. */
export const catalogCourseSchema = courseSchema.omit({ status: true });

/** A class as a course's public page shows it: enrolment still possible or about to open (decision 093). */
export const publicClassSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  classType: z.enum(MODALITIES),
  location: z.string().nullable(),
  enrollmentStartDate: z.string(),
  enrollmentEndDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  schedule: z.string(),
  seats: z.enum(SEAT_LABELS),
});

/** A course's public page (GET /courses/page/{slug}, and the data of /cursos/{slug}'s HTML). */
export const coursePageSchema = z.object({
  course: catalogCourseSchema,
  classes: z.array(publicClassSchema),
});

/** A teacher (GET /admin/teachers, and the answer of saving one). */
export const teacherSchema = z.object({
  id: z.uuid(),
  teacherName: z.string(),
  teacherPhone: z.string().nullable(),
  teacherEmail: z.string().nullable(),
  specialization: z.string(),
  qualification: z.string(),
  yearsOfExperience: z.number().int(),
  bio: z.string().nullable(),
  status: z.enum(TEACHER_STATUSES),
  /** The linked staff user (decision 021) and their name, or null. */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /admin/teachers/user-options: the staff users with the role professor, for the teacher form's select. */
export const teacherUserOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The teacher this user is linked to already, or null (a user is linked to one teacher only). */
  teacherId: z.uuid().nullable(),
  teacherName: z.string().nullable(),
});
export type TeacherUserOption = z.infer<typeof teacherUserOptionSchema>;

/** A class with its course and teacher names (GET /admin/classes, and the answer of saving one or its curriculum). */
export const classSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  courseId: z.uuid(),
  courseName: z.string(),
  teacherId: z.uuid().nullable(),
  teacherName: z.string().nullable(),
  classType: z.enum(MODALITIES),
  location: z.string().nullable(),
  enrollmentStartDate: z.string(),
  enrollmentEndDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  schedule: z.string(),
  maxStudents: z.number().int(),
  currentStudents: z.number().int(),
  curriculumFileId: z.uuid().nullable(),
  status: z.enum(CLASS_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
