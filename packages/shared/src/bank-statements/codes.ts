/**
 * Finding an enrolment's payment reference code in the free text of a bank transfer (issue 25,
 * decision 069). Case, spaces, dashes, dots and other punctuation are ignored, so `ab5c d2-ef` in
 * "TRF JOAO REF: ab5c d2-ef" is found as `AB5CD2EF`. Generated codes have no 0/O or 1/I/L, but people
 * and bank clerks still swap look-alikes inside the alphabet (5/S, 2/Z, 8/B, 6/G), and codes typed by
 * staff may hold 0/O or 1/I/L: an exact match wins; otherwise exactly one code found with such swaps is
 * proposed (flagged for a person to confirm); two or more codes found make the line ambiguous.
 */

/** Codes shorter than this are never searched for in free text (too likely to occur by chance). */
export const MIN_SEARCHED_CODE_LENGTH = 6;

/** Upper case, without spaces, dashes, dots or any other character that is not a letter or digit. */
export function normaliseCode(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** Each look-alike group written as one character: S→5, Z→2, B→8, G→6, O→0, I/L→1. */
const LOOK_ALIKE: Record<string, string> = { S: "5", Z: "2", B: "8", G: "6", O: "0", I: "1", L: "1" };
const lookAlikeKey = (normalised: string) => normalised.replace(/[SZBGOIL]/g, (c) => LOOK_ALIKE[c]!);

/** The enrolments' codes prepared once for many lines. */
export type CodeIndex = {
  exact: Set<string>;
  /** Look-alike key → the normalised codes that share it. */
  similar: Map<string, string[]>;
  lengths: number[];
  /** Normalised code → the code as stored. */
  stored: Map<string, string>;
};

export function indexCodes(codes: Iterable<string>): CodeIndex {
  const index: CodeIndex = { exact: new Set(), similar: new Map(), lengths: [], stored: new Map() };
  const lengths = new Set<number>();
  for (const code of codes) {
    const normal = normaliseCode(code);
    if (normal.length < MIN_SEARCHED_CODE_LENGTH || index.exact.has(normal)) continue;
    index.exact.add(normal);
    index.stored.set(normal, code);
    const key = lookAlikeKey(normal);
    index.similar.set(key, [...(index.similar.get(key) ?? []), normal]);
    lengths.add(normal.length);
  }
  index.lengths = [...lengths].sort((a, b) => b - a);
  return index;
}

export type CodeMatch =
  | { kind: "exact"; code: string }
  | { kind: "proposed"; code: string; written: string }
  | { kind: "ambiguous"; codes: string[] }
  | { kind: "none" };

/** The code(s) found in `text`: the stored spelling of each code is answered. */
export function findCodes(text: string, index: CodeIndex): CodeMatch {
  const normal = normaliseCode(text);
  const key = lookAlikeKey(normal);
  const exact = new Set<string>();
  const proposed = new Map<string, string>(); // code → as written
  for (const length of index.lengths) {
    for (let at = 0; at + length <= normal.length; at++) {
      const piece = normal.slice(at, at + length);
      if (index.exact.has(piece)) {
        exact.add(piece);
        continue;
      }
      for (const code of index.similar.get(key.slice(at, at + length)) ?? []) proposed.set(code, piece);
    }
  }
  // A shorter code found inside a longer one found is part of it, not a second code.
  const within = (found: Set<string>) => [...found].filter((c) => ![...exact].some((o) => o !== c && o.includes(c)));
  const exactCodes = within(exact);
  const stored = (c: string) => index.stored.get(c)!;
  if (exactCodes.length === 1) return { kind: "exact", code: stored(exactCodes[0]!) };
  if (exactCodes.length > 1) return { kind: "ambiguous", codes: exactCodes.map(stored).sort() };
  const proposedCodes = [...proposed.keys()];
  if (proposedCodes.length === 1) {
    const code = proposedCodes[0]!;
    return { kind: "proposed", code: stored(code), written: proposed.get(code)! };
  }
  if (proposedCodes.length > 1) return { kind: "ambiguous", codes: proposedCodes.map(stored).sort() };
  return { kind: "none" };
}
