/**
 * Certificate numbers (issue 15): 12 characters from the look-alike-free alphabet (no 0/O, no 1/I/L),
 * 31^12 ≈ 7.9 × 10^17 numbers, so a number cannot be guessed. Stored canonical (upper case, no
 * dashes), shown in groups of four with dashes (ABCD-EFGH-JKMN). A number typed by a person is read in
 * any case, with or without dashes and spaces.
 */

/** Letters and digits that cannot be mistaken for one another when copied from paper or a screen. */
export const UNAMBIGUOUS_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export const CERTIFICATE_NUMBER_LENGTH = 12;
const GROUP = 4;
const CANONICAL = new RegExp(`^[${UNAMBIGUOUS_ALPHABET}]{${CERTIFICATE_NUMBER_LENGTH}}$`);

/**
 * The canonical form of a number as typed (upper case; spaces, dashes and dots dropped), or null when
 * it cannot be one of ours (wrong length or a character outside the alphabet).
 */
export function normalizeCertificateNumber(input: string): string | null {
  const canonical = input
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—−.]/g, "")
    .trim();
  return CANONICAL.test(canonical) ? canonical : null;
}

/**
 * ABCDEFGHJKMN → ABCD-EFGH-JKMN. Idempotent: a number already grouped (as the API sends it) or typed with
 * spaces is regrouped, not split again; other characters are kept, upper-cased.
 */
export function formatCertificateNumber(canonical: string): string {
  const s = canonical.toUpperCase().replace(/[\s\-‐‑‒–—−.]/g, "");
  const groups: string[] = [];
  for (let i = 0; i < s.length; i += GROUP) groups.push(s.slice(i, i + GROUP));
  return groups.join("-");
}
