import { normaliseSource } from "../application-source";
import { birthDate } from "../calendar-date-schema";
import { EDUCATION_LEVELS, PROVINCES, SCHEDULE_PREFERENCES } from "../enums";
import { SELECT_COURSE, TEXT_TOO_LONG } from "../field-messages";
import { TEXT_MAX } from "../limits";
import { z } from "../zod";

/** The student's complementary-data form (SPEC §5 'Student enrolment form'). Files travel beside it. */

const required = (message: string) => z.string({ message }).trim().min(1, message).max(TEXT_MAX, TEXT_TOO_LONG);

export const studentEnrollmentSchema = z.object({
  birthDate: birthDate("Data de nascimento é obrigatória"),
  motherName: z
    .string({ message: "Nome da mãe deve ter no mínimo 2 nomes" })
    .trim()
    .max(TEXT_MAX, TEXT_TOO_LONG)
    .refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, "Nome da mãe deve ter no mínimo 2 nomes"),
  fatherName: z
    .string()
    .trim()
    .max(TEXT_MAX, TEXT_TOO_LONG)
    .optional()
    .transform((v) => (v ? v : null)),
  nationality: required("Nacionalidade é obrigatória"),
  birthPlace: required("Naturalidade é obrigatória"),
  province: z.enum(PROVINCES, { message: "Selecione a província" }),
  municipality: required("Município é obrigatório"),
  neighborhood: required("Bairro é obrigatório"),
  qualification: z.enum(EDUCATION_LEVELS, { message: "Selecione o nível de escolaridade" }),
  trainingArea: required("Área de formação é obrigatória"),
  courseId: z.uuid({ message: SELECT_COURSE }),
  schedulePreference: z.enum(SCHEDULE_PREFERENCES, { message: "Selecione o horário" }),
  /** 'Como soube deste curso?' (optional): folded into the known list, anything else 'outro'. */
  source: z.string().optional().transform(normaliseSource),
});
export type StudentEnrollmentInput = z.input<typeof studentEnrollmentSchema>;

export { ENROLLMENT_DOCUMENTS } from "../enrollment-documents";

/* What the API answers. */

/** POST /me/enrollments: the new pre-enrolment. */
export const enrollmentSubmittedSchema = z.object({
  id: z.uuid(),
  status: z.literal("pre_inscrito"),
  applicationDate: z.string(),
});

/* GET /me/enrollments answers studentEnrollmentViewSchema (./enrollment-review). */

/**
 * GET /me/enrollments/new-application: what a returning student's 'Nova inscrição' form starts from
 * (issue 14) — the personal and education data of the latest enrolment (null without one), the
 * documents on file that may be kept (by form field), and the courses the account may not apply for now.
 */
export const newApplicationStartSchema = z.object({
  personal: z
    .object({
      birthDate: z.string(),
      motherName: z.string(),
      fatherName: z.string().nullable(),
      nationality: z.string(),
      birthPlace: z.string(),
      province: z.string(),
      municipality: z.string(),
      neighborhood: z.string(),
      qualification: z.string(),
      trainingArea: z.string(),
      schedulePreference: z.string(),
    })
    .nullable(),
  documentsOnFile: z.array(
    z.object({
      field: z.enum(["idCardFront", "idCardBack", "certificate"]),
      fileId: z.uuid(),
      contentType: z.string(),
    }),
  ),
  heldCourseIds: z.array(z.uuid()),
});
