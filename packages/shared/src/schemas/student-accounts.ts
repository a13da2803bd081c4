import { ENROLLMENT_STATUSES, RECEIPT_STATUSES } from "../enums";
import { INVALID_EMAIL, NAME_TOO_LONG, NAME_TOO_SHORT, PASSWORDS_DIFFER } from "../field-messages";
import { EMAIL_MAX, NAME_MAX, PERSON_NAME_MIN, STUDENT_CODE_MAX, STUDENT_PASSWORD_LENGTH } from "../limits";
import { WRONG_STUDENT_CREDENTIALS } from "../messages";
import { studentPhoneSchema } from "../phones";
import { z } from "../zod";
import { listPageSchema, listQuerySchema } from "./lists";

export { STUDENT_ACCOUNT_MANAGER_MESSAGE, STUDENT_ACCOUNT_MANAGER_ROLES } from "../student-account-managers";

/** Student account rules and messages (SPEC §5 'Student account creation', 'Student login', 'Student password change'). */

export const createStudentAccountSchema = z
  .object({
    studentName: z.string().trim().min(PERSON_NAME_MIN, NAME_TOO_SHORT).max(NAME_MAX, NAME_TOO_LONG),
    studentPhone: studentPhoneSchema,
    hasEmail: z.boolean(),
    studentEmail: z
      .string()
      .trim()
      .toLowerCase()
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    /** The privacy notice version shown on the form and accepted with the account (decision 099). */
    privacyNoticeVersion: z.number().int().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.hasEmail) return;
    const ok = v.studentEmail && v.studentEmail.length <= EMAIL_MAX && z.email().safeParse(v.studentEmail).success;
    if (!ok) ctx.addIssue({ code: "custom", path: ["studentEmail"], message: INVALID_EMAIL });
  })
  .transform((v) => ({ ...v, studentEmail: v.hasEmail ? v.studentEmail : null }));
export type CreateStudentAccountInput = z.input<typeof createStudentAccountSchema>;

export const studentCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "Código é obrigatório")
  .max(STUDENT_CODE_MAX, WRONG_STUDENT_CREDENTIALS.message);

export const studentLoginSchema = z.object({
  code: studentCode,
  password: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, "Senha é obrigatória")
    .max(STUDENT_PASSWORD_LENGTH, WRONG_STUDENT_CREDENTIALS.message),
});
export type StudentLoginInput = z.input<typeof studentLoginSchema>;

export const studentPasswordRule = z
  .string()
  .regex(
    new RegExp(`^[A-Z0-9]{${STUDENT_PASSWORD_LENGTH}}$`),
    `Senha deve ter exatamente ${STUDENT_PASSWORD_LENGTH} caracteres alfanuméricos (A-Z, 0-9)`,
  );

export { SAME_AS_TEMPORARY_PASSWORD } from "../field-messages";

export const CURRENT_PASSWORD_REQUIRED = "Senha atual é obrigatória";
const currentPassword = z.string().trim().toUpperCase().min(1, CURRENT_PASSWORD_REQUIRED);
const newPassword = z.string().trim().toUpperCase().min(1, "Nova senha é obrigatória").pipe(studentPasswordRule);
const confirmPassword = z.string().trim().toUpperCase().min(1, "Confirmação de senha é obrigatória");
const confirmed: [
  (v: { newPassword: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [(v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] }];

/**
 * PUT /me/account/password. The current password may be left out (or empty) by a student who signed in
 * with the temporary one moments ago: that session proves it (decision 090); anyone else is asked for it.
 */
export const changeStudentPasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => v || undefined),
    newPassword,
    confirmPassword,
  })
  .refine(...confirmed);
export type ChangeStudentPasswordInput = z.input<typeof changeStudentPasswordSchema>;

/** 'Dados de Acesso': the current password is always asked. */
export const changeStudentPasswordFormSchema = z
  .object({ currentPassword, newPassword, confirmPassword })
  .refine(...confirmed);

/* What the API answers. */

/** POST /student-accounts: the generated code and temporary password, shown once. */
export const newStudentCredentialsSchema = z.object({ studentCode: z.string(), studentPassword: z.string() });

/** The signed-in student's own account (GET /me/account). */
export const ownStudentAccountSchema = z.object({
  studentName: z.string(),
  studentCode: z.string(),
  studentPhone: z.string(),
  studentEmail: z.string().nullable(),
  mustChangePassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  enrollmentCompleted: z.boolean(),
  /** 'Receber SMS' (decision 092): on by default; when the student last changed it. */
  smsOptIn: z.boolean(),
  smsOptInChangedAt: z.string().nullable(),
});

/** PUT /me/account/sms: 'Receber SMS' on or off. */
export const smsPreferenceSchema = z.object({ smsOptIn: z.boolean({ message: "Indique se quer receber SMS" }) });
export const smsPreferenceAnswerSchema = z.object({ smsOptIn: z.boolean(), smsOptInChangedAt: z.string() });

/** PUT /me/account/password: when the new password took effect. */
export const passwordChangedSchema = z.object({ passwordChangedAt: z.string() });

/* 'Contas de Alunos': staff manage student credentials (SPEC §2, §5 'Student credentials edit'; issue 14). */

export const STUDENT_CODE_MESSAGES = {
  required: "Código é obrigatório",
  tooLong: `O código pode ter no máximo ${STUDENT_CODE_MAX} caracteres`,
  characters: "O código só pode ter letras (A–Z) e algarismos (0–9)",
} as const;

/** PUT /admin/student-accounts/{id}/credentials: the login code (upper-cased) and, optionally, a new password. */
export const editStudentCredentialsSchema = z.object({
  studentCode: z
    .string({ message: STUDENT_CODE_MESSAGES.required })
    .trim()
    .toUpperCase()
    .min(1, STUDENT_CODE_MESSAGES.required)
    .max(STUDENT_CODE_MAX, STUDENT_CODE_MESSAGES.tooLong)
    .regex(/^[A-Z0-9]*$/, STUDENT_CODE_MESSAGES.characters),
  newPassword: z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => v || null)
    .pipe(studentPasswordRule.nullable()),
});
export type EditStudentCredentialsInput = z.input<typeof editStudentCredentialsSchema>;

/** GET /admin/student-accounts: one account with its enrolments and receipts (the details dialog reads them). */
export const adminStudentAccountSchema = z.object({
  id: z.uuid(),
  studentName: z.string(),
  studentPhone: z.string(),
  studentEmail: z.string().nullable(),
  studentCode: z.string(),
  mustChangePassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  enrollmentCompleted: z.boolean(),
  /** The student's 'Receber SMS' (decision 092) and when they last changed it. */
  smsOptIn: z.boolean(),
  smsOptInChangedAt: z.string().nullable(),
  createdAt: z.string(),
  enrollments: z.array(
    z.object({
      id: z.uuid(),
      courseName: z.string(),
      status: z.enum(ENROLLMENT_STATUSES),
      className: z.string().nullable(),
      applicationDate: z.string(),
      approvalDate: z.string().nullable(),
      classStartDate: z.string().nullable(),
      classEndDate: z.string().nullable(),
    }),
  ),
  receipts: z.array(
    z.object({
      id: z.uuid(),
      courseName: z.string(),
      paidAmount: z.number(),
      paymentDate: z.string(),
      status: z.enum(RECEIPT_STATUSES),
      submittedAt: z.string(),
    }),
  ),
});

/** The columns 'Contas de Alunos' sorts by (decision 057); without one, newest account first. */
export const STUDENT_ACCOUNT_SORTS = ["name", "code", "completed", "created"] as const;
export type StudentAccountSort = (typeof STUDENT_ACCOUNT_SORTS)[number];

/** GET /admin/student-accounts query: a page and a search (name, phone, e-mail, code). */
export const studentAccountListQuerySchema = listQuerySchema(STUDENT_ACCOUNT_SORTS);
export type StudentAccountListQuery = z.output<typeof studentAccountListQuerySchema>;

/** The four cards of 'Contas de Alunos', over every account. */
export const studentAccountCountsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  /** Passwords staff gave (or the first one) that the student has not changed yet. */
  temporaryPassword: z.number().int(),
});

/** GET /admin/student-accounts: one page of accounts and the cards. */
export const adminStudentAccountPageSchema = listPageSchema(adminStudentAccountSchema).extend({
  counts: studentAccountCountsSchema,
});

/** POST /admin/student-accounts/{id}/reset-password: the code and the new temporary password, shown once. */
export const resetStudentPasswordSchema = newStudentCredentialsSchema;
