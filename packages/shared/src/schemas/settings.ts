import { EMAIL_TOO_LONG, INVALID_EMAIL, TEXT_TOO_LONG } from "../field-messages";
import { EMAIL_MAX, INSTITUTE_NAME_MAX, TEXT_MAX } from "../limits";
import { studentPhoneSchema } from "../phones";
import { z } from "../zod";

/** The institute's details used in the messages to students (decision 047); edited by super_admin. */

/** Not an Angolan IBAN's shape: AO and 23 digits, 25 characters in all (ISO 13616, Angola's entry). */
export const INVALID_IBAN = "IBAN inválido: um IBAN angolano tem 25 caracteres, AO e 23 algarismos";
/** The shape is right but the ISO 13616 check (mod 97) fails: a digit was mistyped or swapped. */
export const IBAN_WRONG_CHECK_DIGITS = "IBAN inválido: verifique os dígitos de controle";

/** An Angolan IBAN, compact: AO, two check digits and the 21-digit account number (BBAN). */
export const ANGOLAN_IBAN = /^AO\d{23}$/;

/** What people paste from bank papers: spaces and dots between the groups are dropped, letters upper-cased. */
export function compactIban(value: string): string {
  return value.replace(/[\s.]+/g, "").toUpperCase();
}

/**
 * The ISO 13616 (ISO 7064 MOD 97-10) check of a compact IBAN: the first four characters moved to the end,
 * each letter read as a number (A = 10 … Z = 35), the whole number modulo 97 must be 1. Catches any one
 * mistyped character and nearly every swap of two neighbours.
 */
export function ibanChecksumIsValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  let remainder = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const value = ch >= "A" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** `AO06004000001234567890167` → `AO06 0040 0000 1234 5678 9016 7`, the way it is printed on bank papers. */
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
    // One message at a time: the check digits are checked only on an IBAN of the right shape.
    .refine((v) => ANGOLAN_IBAN.test(v), { message: INVALID_IBAN, abort: true })
    .refine(ibanChecksumIsValid, IBAN_WRONG_CHECK_DIGITS),
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

/** GET/PUT /admin/settings/institute. */
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

/** What a student needs to pay by bank transfer and to reach the institute (part of GET /me/enrollments). */
export const bankDetailsSchema = instituteSettingsSchema.omit({ updatedAt: true });
export type BankDetails = z.infer<typeof bankDetailsSchema>;
