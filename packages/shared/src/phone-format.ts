import { STUDENT_PHONE_DIGITS } from "./limits";

/**
 * Angolan student phones (SPEC §5 'Student account creation'; decision 011): reading and writing them,
 * without the validation library, so a screen that only shows a phone does not load it (decision 100).
 */

export const PHONE_MESSAGES = {
  digits: `Telefone deve ter ${STUDENT_PHONE_DIGITS} dígitos`,
  mobile: "O celular deve começar com 9",
  characters: "Telefone inválido: use apenas algarismos, com ou sem o indicativo +244",
} as const;

export const ANGOLAN_MOBILE_HINT = "Celular angolano: 9 dígitos, começando com 9 (pode incluir +244)";

const SEPARATORS = /[\s().-]/g;

/**
 * The 9 digits of an Angolan mobile as people write it: `+244 923 456 789`, `00244923456789`,
 * `244923456789`, `(923) 456-789`, `923.456.789`. Anything else is refused with the reason, never
 * cleaned up silently (a stray letter is a typo to show, not to drop).
 */
export function parseAngolanMobile(raw: string): { phone: string } | { error: string } {
  const compact = raw.replace(SEPARATORS, "");
  const national = compact.replace(/^(\+244|00244)/, "").replace(/^244(?=\d{9}$)/, "");
  if (!/^\d*$/.test(national)) return { error: PHONE_MESSAGES.characters };
  if (national.length !== STUDENT_PHONE_DIGITS) return { error: PHONE_MESSAGES.digits };
  if (!national.startsWith("9")) return { error: PHONE_MESSAGES.mobile };
  return { phone: national };
}

/** `923456789` → `923 456 789`, the way the number is read aloud. */
export function formatAngolanMobile(phone: string): string {
  return phone.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3");
}
