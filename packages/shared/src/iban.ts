// The Angolan IBAN, as the settings form and the payment details show it: no validation library, so
// a student's payment screen can format it without loading the form schemas (decision 100).

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
