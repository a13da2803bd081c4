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
