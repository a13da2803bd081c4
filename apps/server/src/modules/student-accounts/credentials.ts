import { randomInt } from "node:crypto";
import { STUDENT_PASSWORD_ALPHABET, STUDENT_PASSWORD_LENGTH } from "@app/shared";

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand (no O/0, I/1). */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_PREFIX = "AL";
const CODE_RANDOM_LENGTH = 6;

function pick(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A student code: 'AL' + 6 random characters (8 in all, within the 10 allowed). Cryptographically random. */
export function generateStudentCode(): string {
  return CODE_PREFIX + pick(CODE_ALPHABET, CODE_RANDOM_LENGTH);
}

/** A temporary password of exactly 6 characters from A–Z and 0–9 (SPEC §9). Cryptographically random. */
export function generateStudentPassword(): string {
  return pick(STUDENT_PASSWORD_ALPHABET, STUDENT_PASSWORD_LENGTH);
}
