import { EMAIL_TOO_LONG, INVALID_EMAIL, TEXT_TOO_LONG } from "../field-messages";
import { ANGOLAN_IBAN, compactIban, IBAN_WRONG_CHECK_DIGITS, INVALID_IBAN, ibanChecksumIsValid } from "../iban";
import { EMAIL_MAX, INSTITUTE_NAME_MAX, TEXT_MAX } from "../limits";
import { studentPhoneSchema } from "../phones";
import { z } from "../zod";

export {
  ANGOLAN_IBAN,
  compactIban,
  formatIban,
  IBAN_WRONG_CHECK_DIGITS,
  INVALID_IBAN,
  ibanChecksumIsValid,
} from "../iban";

/** The institute's details used in the messages to students (decision 047); edited by super_admin. */

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
