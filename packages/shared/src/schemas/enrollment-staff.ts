import { formatDate } from "../dates";
import {
  STAFF_CREATE_QUALIFICATIONS,
  STAFF_CREATE_SCHEDULES,
  STAFF_EDIT_QUALIFICATIONS,
  STAFF_EDIT_SCHEDULES,
} from "../enums";
import {
  EMAIL_TOO_LONG,
  INVALID_EMAIL,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  NAME_TOO_SHORT,
  TEXT_TOO_LONG,
} from "../field-messages";
import { EMAIL_MAX, NAME_MAX, PERSON_NAME_MIN, TEXT_MAX } from "../limits";
import { type CodedMessage, STUDENT_PHONE_HAS_ACCOUNTS } from "../messages";
import { studentPhoneSchema } from "../phones";
import { z } from "../zod";
import { adminEnrollmentDetailSchema } from "./enrollment-review";
import { studentEnrollmentSchema } from "./enrollments";

/**
 * Staff create and edit enrolments (SPEC §5 'Staff new enrolment'; §3 lists the staff forms' own
 * qualification and schedule values). The fields the student form also has keep its rules
 * (`studentEnrollmentSchema.shape`); the staff forms add the person's name, phone and e-mail.
 */

/** The three steps' messages, shown when staff try to move on with the step incomplete. */
export const STAFF_ENROLLMENT_STEP_MESSAGES = {
  personal: "Preencha todos os campos obrigatórios antes de continuar",
  education: "Preencha todos os campos de formação antes de continuar",
  documents: "Anexe todos os documentos obrigatórios",
} as const;

/** The forms' field labels; the History note of an edit names the changed fields with them. */
export const STAFF_ENROLLMENT_FIELD_LABELS = {
  studentName: "Nome completo",
  birthDate: "Data de nascimento",
  fatherName: "Nome do pai",
  motherName: "Nome da mãe",
  nationality: "Nacionalidade",
  birthPlace: "Naturalidade",
  province: "Província",
  municipality: "Município",
  neighborhood: "Bairro",
  studentPhone: "Telefone",
  studentEmail: "Email",
  qualification: "Qualificação",
  trainingArea: "Área de formação",
  schedulePreference: "Horário preferido",
  courseId: "Curso",
} as const;

export const FATHER_NAME_REQUIRED = "Nome do pai é obrigatório";
export const EMAIL_REQUIRED = "Email é obrigatório";
const QUALIFICATION = "Selecione a qualificação";
const SCHEDULE = "Selecione o horário";

const student = studentEnrollmentSchema.shape;

const studentName = z
  .string({ message: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .min(PERSON_NAME_MIN, NAME_TOO_SHORT)
  .max(NAME_MAX, NAME_TOO_LONG);

const requiredEmail = z
  .string({ message: EMAIL_REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX, EMAIL_TOO_LONG)
  .pipe(z.email(INVALID_EMAIL));

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_TOO_LONG)
  .nullish()
  .transform((v) => v || null)
  .pipe(z.email(INVALID_EMAIL).nullable());

/** The personal step: everything required, the father's name too (unlike the student form). */
export const staffPersonalSchema = z.object({
  studentName,
  birthDate: student.birthDate,
  fatherName: z
    .string({ message: FATHER_NAME_REQUIRED })
    .trim()
    .min(1, FATHER_NAME_REQUIRED)
    .max(TEXT_MAX, TEXT_TOO_LONG),
  motherName: student.motherName,
  nationality: student.nationality,
  birthPlace: student.birthPlace,
  province: student.province,
  municipality: student.municipality,
  neighborhood: student.neighborhood,
  studentPhone: studentPhoneSchema,
  studentEmail: requiredEmail,
});

/** The education step of the create form: its own qualification list and schedules with Saturday. */
export const staffEducationSchema = z.object({
  qualification: z.enum(STAFF_CREATE_QUALIFICATIONS, { message: QUALIFICATION }),
  trainingArea: student.trainingArea,
  schedulePreference: z.enum(STAFF_CREATE_SCHEDULES, { message: SCHEDULE }),
  courseId: student.courseId,
});

/** Which student account a walk-in enrolment belongs to (decision 024): a new one, or one with its phone. */
export type StudentAccountChoice = { mode: "new" } | { mode: "existing"; id: string };
export const NEW_STUDENT_ACCOUNT = "new";
export const STUDENT_ACCOUNT_CHOICE_MESSAGE = "Escolha a conta do aluno ou crie uma conta nova";

/**
 * The multipart field `studentAccount`: "new", or the id of an account with the enrolment's phone.
 * Absent or empty means no choice, which the server accepts only while no account has that phone.
 */
export const studentAccountChoiceSchema = z
  .union([z.literal(""), z.literal(NEW_STUDENT_ACCOUNT), z.uuid()], { message: STUDENT_ACCOUNT_CHOICE_MESSAGE })
  .nullish()
  .transform((v): StudentAccountChoice | null => {
    if (!v) return null;
    return v === NEW_STUDENT_ACCOUNT ? { mode: "new" } : { mode: "existing", id: v };
  });

/**
 * POST /admin/enrollments (multipart): both steps' fields and the student account choice; the three
 * documents travel beside them.
 */
export const staffEnrollmentSchema = staffPersonalSchema
  .extend(staffEducationSchema.shape)
  .extend({ studentAccount: studentAccountChoiceSchema });
export type StaffEnrollmentInput = z.input<typeof staffEnrollmentSchema>;

/**
 * PATCH /admin/enrollments/{id}: the personal and education fields with the edit form's lists. The
 * father's name and the e-mail stay optional, since a student's own enrolment may have neither; the
 * course is not edited (the price and reference code follow it).
 */
export const editEnrollmentSchema = staffPersonalSchema.extend({
  fatherName: z
    .string()
    .trim()
    .max(TEXT_MAX, TEXT_TOO_LONG)
    .nullish()
    .transform((v) => v || null),
  studentEmail: optionalEmail,
  qualification: z.enum(STAFF_EDIT_QUALIFICATIONS, { message: QUALIFICATION }),
  trainingArea: student.trainingArea,
  schedulePreference: z.enum(STAFF_EDIT_SCHEDULES, { message: SCHEDULE }),
});
export type EditEnrollmentInput = z.input<typeof editEnrollmentSchema>;

/* What the API answers. */

/** GET /admin/enrollments/phone-accounts?phone=…: the student accounts with a phone, oldest first; nothing else. */
export const phoneStudentAccountSchema = z.object({
  id: z.uuid(),
  studentCode: z.string(),
  studentName: z.string(),
  createdAt: z.string(),
});
export type PhoneStudentAccount = z.infer<typeof phoneStudentAccountSchema>;
export const phoneAccountsQuerySchema = z.object({ phone: studentPhoneSchema });

/** 'ALX7K2M9 — Maria Silva, criada em 02/03/2026': how staff tell the accounts with one phone apart. */
export function phoneAccountLabel(a: Pick<PhoneStudentAccount, "studentCode" | "studentName" | "createdAt">) {
  return `${a.studentCode} — ${a.studentName}, criada em ${formatDate(a.createdAt)}`;
}

/** The 409 when accounts have the phone and staff chose none: the refusal, naming each account. */
export function phoneHasAccounts(accounts: readonly Parameters<typeof phoneAccountLabel>[0][]): CodedMessage {
  const listed = accounts.map(phoneAccountLabel).join("; ");
  const which = accounts.length === 1 ? "Conta com este telefone" : "Contas com este telefone";
  return {
    code: STUDENT_PHONE_HAS_ACCOUNTS.code,
    message: `${STUDENT_PHONE_HAS_ACCOUNTS.message} ${which}: ${listed}.`,
  };
}

/** POST /admin/enrollments: the enrolment and the student account it belongs to. */
export const staffEnrollmentCreatedSchema = z.object({
  enrollment: adminEnrollmentDetailSchema,
  account: z.object({
    studentCode: z.string(),
    studentName: z.string(),
    /** True when no account had this phone and one was created now. */
    created: z.boolean(),
    /** The generated password, only when the account was created now: shown once, never stored in clear. */
    studentPassword: z.string().nullable(),
  }),
});
export type StaffEnrollmentCreated = z.infer<typeof staffEnrollmentCreatedSchema>;
