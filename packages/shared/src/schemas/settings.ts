import { EMAIL_TOO_LONG, INVALID_EMAIL, TEXT_TOO_LONG } from "../field-messages";
import { EMAIL_MAX, INSTITUTE_NAME_MAX, TEXT_MAX } from "../limits";
import { studentPhoneSchema } from "../phones";
import { z } from "../zod";

/** The institute's details used in the messages to students (decision 018); edited by super_admin. */

export const INVALID_IBAN = "IBAN inválido";

/** An Angolan IBAN: AO06 and 21 digits. Spaces are allowed while typing and dropped. */
export const ANGOLAN_IBAN = /^AO06\d{21}$/;

export function compactIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** `AO06004000001234567890123` → `AO06 0040 0000 1234 5678 9012 3`, the way it is printed on bank papers. */
export function formatIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, TEXT_TOO_LONG);

export const instituteSettingsInputSchema = z.object({
  name: requiredText("Nome do instituto é obrigatório", INSTITUTE_NAME_MAX),
  bankName: requiredText("Banco é obrigatório", TEXT_MAX),
  iban: z
    .string({ message: INVALID_IBAN })
    .transform(compactIban)
    .refine((v) => ANGOLAN_IBAN.test(v), INVALID_IBAN),
  beneficiary: requiredText("Beneficiário é obrigatório", INSTITUTE_NAME_MAX),
  /** The number students write to on WhatsApp: an Angolan mobile, stored as its 9 digits. */
  whatsappNumber: studentPhoneSchema,
  contactEmail: z
    .string({ message: INVALID_EMAIL })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, EMAIL_TOO_LONG)
    .pipe(z.email(INVALID_EMAIL)),
});
export type InstituteSettingsInput = z.input<typeof instituteSettingsInputSchema>;

/** GET/PUT /settings/institute. */
export const instituteSettingsSchema = z.object({
  name: z.string(),
  bankName: z.string(),
  iban: z.string(),
  beneficiary: z.string(),
  whatsappNumber: z.string(),
  contactEmail: z.string(),
  updatedAt: z.string(),
});
export type InstituteSettings = z.infer<typeof instituteSettingsSchema>;

/** What a student needs to pay by bank transfer and to reach the institute (part of GET /enrollments/mine). */
export const bankDetailsSchema = instituteSettingsSchema.omit({ updatedAt: true });
export type BankDetails = z.infer<typeof bankDetailsSchema>;
