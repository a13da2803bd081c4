import { STAFF_ROLES } from "../enums";
import { z } from "../zod";

/** Staff authentication rules and messages (SPEC §5 'Staff authentication', §8). */

export const staffEmail = z.string().trim().toLowerCase().max(255, "Email muito longo").pipe(z.email("Email inválido"));

export const staffPassword = z
  .string()
  .min(6, "A senha deve ter pelo menos 6 caracteres")
  .max(100, "Senha muito longa");

export const staffLoginSchema = z.object({
  email: staffEmail,
  password: staffPassword,
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

export const staffSignUpSchema = z.object({
  fullName: z.string().trim().min(2, "O nome deve ter pelo menos 2 caracteres").max(100, "Nome muito longo"),
  phone: z
    .string()
    .trim()
    .max(20, "Telefone muito longo")
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: staffEmail,
  password: staffPassword,
});
export type StaffSignUpInput = z.input<typeof staffSignUpSchema>;

export const forgotPasswordSchema = z.object({ email: staffEmail });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "Link inválido"),
    password: staffPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "As senhas não coincidem",
    path: ["confirmPassword"],
  });

/* What the API answers. */

/** Who is signed in (GET /session and every sign-in): staff with their role, a student, or nulls. */
export const sessionSchema = z.object({
  user: z.object({ id: z.string(), email: z.string().nullable(), name: z.string() }).nullable(),
  staff: z.object({ role: z.enum(STAFF_ROLES).nullable() }).nullable(),
  student: z.object({ code: z.string(), name: z.string(), enrollmentCompleted: z.boolean() }).nullable(),
});

/** Done (sign-out, the reset-link requests): nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/** GET /auth/password/reset: the link can still be used. */
export const resetLinkValidSchema = z.object({ valid: z.literal(true) });
