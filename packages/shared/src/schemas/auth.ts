import { STAFF_ROLES } from "../enums";
import {
  EMAIL_TOO_LONG,
  INVALID_EMAIL,
  NAME_TOO_LONG,
  NAME_TOO_SHORT,
  PASSWORDS_DIFFER,
  PHONE_TOO_LONG,
} from "../field-messages";
import { EMAIL_MAX, NAME_MAX, PERSON_NAME_MIN, PHONE_MAX, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from "../limits";
import { INVALID_LINK } from "../messages";
import { z } from "../zod";

/** Staff authentication rules and messages (SPEC §5 'Staff authentication', §8). */

export const staffEmail = z.string().trim().toLowerCase().max(EMAIL_MAX, EMAIL_TOO_LONG).pipe(z.email(INVALID_EMAIL));

export const staffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN, `A senha deve ter pelo menos ${STAFF_PASSWORD_MIN} caracteres`)
  .max(STAFF_PASSWORD_MAX, "Senha muito longa");

export const staffLoginSchema = z.object({
  email: staffEmail,
  password: staffPassword,
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

/** A staff member's name and phone, as they sign up or a super_admin creates them. */
export const staffName = z.string().trim().min(PERSON_NAME_MIN, NAME_TOO_SHORT).max(NAME_MAX, NAME_TOO_LONG);
export const staffPhone = z.string().trim().max(PHONE_MAX, PHONE_TOO_LONG);

export const staffSignUpSchema = z.object({
  fullName: staffName,
  phone: staffPhone.optional().transform((v) => (v ? v : undefined)),
  email: staffEmail,
  password: staffPassword,
});
export type StaffSignUpInput = z.input<typeof staffSignUpSchema>;

export const forgotPasswordSchema = z.object({ email: staffEmail });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, INVALID_LINK.message),
    password: staffPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

/* What the API answers. */

/**
 * Who is signed in (GET /session and every sign-in): staff with their role, a student, or nulls. A student
 * with `mustChangePassword` chooses their own password before anything else (decision 028). `ended`: the
 * request carried a session that has ended (idle, ended by staff, a password changed elsewhere), so the
 * login can say why; said once, the answer also drops the dead cookie.
 */
export const sessionSchema = z.object({
  user: z.object({ id: z.string(), email: z.string().nullable(), name: z.string() }).nullable(),
  staff: z
    .object({
      role: z.enum(STAFF_ROLES).nullable(),
      /** Two-factor sign-in is on for this user; their role requires it (decision 076). */
      twoFactorEnabled: z.boolean(),
      twoFactorRequired: z.boolean(),
    })
    .nullable(),
  student: z
    .object({ code: z.string(), name: z.string(), enrollmentCompleted: z.boolean(), mustChangePassword: z.boolean() })
    .nullable(),
  ended: z.boolean().optional(),
});

/** A staff sign-in whose password was right and who must now give a code (decision 076). */
export const secondStepSchema = z.object({ secondStep: z.literal(true) });
export const staffSignInAnswerSchema = z.union([sessionSchema, secondStepSchema]);
export const TOTP_CODE_LENGTH = 6;
/** The code step: a 6-digit code from the app, or a backup code ('Usar um código de recuperação'). */
export const secondStepCodeSchema = z.object({
  code: z.string().trim().min(1, "Indique o código").max(40),
  backup: z.boolean().default(false),
});
export const twoFactorStartSchema = z.object({ password: z.string().min(1, "Indique a sua senha").max(100) });
/** The set-up: the authenticator's QR code (an SVG made here), its secret as text, the backup codes. */
export const twoFactorStartAnswerSchema = z.object({
  otpauthUri: z.string(),
  secret: z.string(),
  qrSvg: z.string(),
  backupCodes: z.array(z.string()),
});
export const twoFactorConfirmSchema = z.object({ code: z.string().trim().min(1, "Indique o código").max(10) });
export const roleTwoFactorSchema = z.object({ role: z.enum(STAFF_ROLES), required: z.boolean() });
/** A role's setting on 'Perfis de Acesso', with its users: how many there are and how many have not turned it on. */
export const roleTwoFactorItemSchema = roleTwoFactorSchema.extend({
  users: z.number().int(),
  /** Sent to the set-up before any other screen while the role requires it (decision 086). */
  withoutTwoFactor: z.number().int(),
});
export const roleTwoFactorListSchema = z.object({ items: z.array(roleTwoFactorItemSchema) });
export const roleTwoFactorBodySchema = z.object({ required: z.boolean() });

/** Done (sign-out, the reset-link requests): nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/** GET /auth/password/reset: the link can still be used. */
export const resetLinkValidSchema = z.object({ valid: z.literal(true) });
