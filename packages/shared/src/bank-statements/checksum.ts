/**
 * "Never import a line twice" (issue 25, decision 069): each statement line is known by a sha256 of its
 * normalised date, amount, reference text and payer, and of its occurrence — the n-th line of a file with
 * exactly those fields — so that two genuinely identical transfers in one statement are both kept, while
 * re-importing the file, or a statement whose period overlaps it, finds the same checksums again.
 */

export type StatementLineKey = {
  /** `YYYY-MM-DD` */
  date: string;
  /** Integer cents, negative for a debit. */
  amount: number;
  reference: string;
  payer: string;
};

/** Texts compared as a bank may re-export them: spacing and case do not matter. */
const text = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim().toUpperCase();

const fields = (line: StatementLineKey) => [line.date, String(line.amount), text(line.reference), text(line.payer)];

/** sha256 (hex) of a line's normalised fields and its occurrence (1 for the first such line of a file). */
export async function lineChecksum(line: StatementLineKey, occurrence = 1): Promise<string> {
  const data = new TextEncoder().encode(JSON.stringify([...fields(line), occurrence]));
  const digest = await crypto.subtle.digest("SHA-256", data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The checksums of a whole file's lines, in order, numbering the occurrences of identical lines. */
export async function lineChecksums(lines: StatementLineKey[]): Promise<string[]> {
  const seen = new Map<string, number>();
  const sums: string[] = [];
  // A thousand at a time: waiting for each thousand's digests lets other work run in between, so a
  // statement of 50 000 lines (decision 078) never holds the event loop for long.
  for (let at = 0; at < lines.length; at += 1000) {
    const chunk = lines.slice(at, at + 1000).map((line) => {
      const key = JSON.stringify(fields(line));
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      return lineChecksum(line, occurrence);
    });
    sums.push(...(await Promise.all(chunk)));
  }
  return sums;
}
