import { randomInt } from "node:crypto";
import { UNAMBIGUOUS_ALPHABET } from "@app/shared/certificate-number";
import { STUDENT_PASSWORD_LENGTH } from "@app/shared/limits";

/*
 * UNAMBIGUOUS_ALPHABET: letters and digits that cannot be mistaken for one another when copied from a
 * phone screen to paper and back: no 0/O, no 1/I/L. A subset of A–Z/0–9, so generated passwords keep
 * SPEC §9's alphabet. Student codes, passwords, payment reference codes and certificate numbers use it.
 */
const CODE_PREFIX = "AL";
const CODE_RANDOM_LENGTH = 6;

/** `length` cryptographically random characters of the look-alike-free alphabet. */
export function unambiguousCode(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += UNAMBIGUOUS_ALPHABET[randomInt(UNAMBIGUOUS_ALPHABET.length)];
  return out;
}

/** A student code: 'AL' + 6 random characters (8 in all, within the 10 allowed). Cryptographically random. */
export function generateStudentCode(): string {
  return CODE_PREFIX + unambiguousCode(CODE_RANDOM_LENGTH);
}

/** A temporary password of exactly 6 characters (SPEC §9), without look-alikes. Cryptographically random. */
export function generateStudentPassword(): string {
  return unambiguousCode(STUDENT_PASSWORD_LENGTH);
}
