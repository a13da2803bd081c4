/**
 * One SMS segment (decision 092): 160 characters of the GSM-7 alphabet. One character outside it (an
 * accent GSM-7 lacks, a '«', a '…') turns the whole message into UCS-2, 70 characters a segment, and a
 * 160-character text into three paid messages. So every text is folded to a subset of GSM-7's basic
 * table in which each character costs one septet: accents dropped (inscrição → inscricao), typographic
 * marks replaced, anything else '?'.
 */
export const SMS_MAX = 160;

/** Letters, digits, space and the basic table's punctuation (no extension characters such as [ ] { } ~ € ^ | \). */
const SAFE = /^[A-Za-z0-9 !"#$%&'()*+,\-./:;<=>?@_]$/;

const REPLACEMENTS: Record<string, string> = {
  "«": '"',
  "»": '"',
  "“": '"',
  "”": '"',
  "„": '"',
  "‘": "'",
  "’": "'",
  "–": "-",
  "—": "-",
  "…": "...",
  "€": "EUR",
  º: "o",
  ª: "a",
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  "[": "(",
  "]": ")",
  "{": "(",
  "}": ")",
};

/** The text in GSM-7 one-septet characters: accents folded, every kind of space and line break one space. */
export function foldToGsm7(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFD").replace(/\p{M}/gu, "")) {
    if (/\s/u.test(ch)) out += " ";
    else if (SAFE.test(ch)) out += ch;
    else out += REPLACEMENTS[ch] ?? "?";
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** GSM-7 has no '…': a cut text ends with three dots. */
export const ELLIPSIS = "...";

/** A short joining word left at the end of a cut ('Recursos Humanos e...'), dropped with the cut. */
const DANGLING_WORD = /(?<=\S) (e|ou|de|da|do|das|dos|em|no|na|o|a|os|as|para|por|com)$/i;

/** `text` cut to at most `max` characters at a word, with '...' when cut; '' when not even a word fits. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= ELLIPSIS.length) return "";
  const room = text.slice(0, max - ELLIPSIS.length + 1);
  const space = room.lastIndexOf(" ");
  const cut = (space > 0 ? room.slice(0, space) : room.slice(0, max - ELLIPSIS.length))
    .replace(DANGLING_WORD, "")
    .replace(/[ ,.;:-]+$/, "");
  return cut ? `${cut}${ELLIPSIS}` : "";
}

/**
 * One segment from a template: `render` builds the text from the values, and the values named in
 * `shrink` (in that order: the first gives way first) are cut at a word until the text fits. The others
 * (a code, an amount, an IBAN) are never cut; if the text still does not fit, it is cut at its end.
 */
export function fitSegment<V extends Record<string, string>>(
  values: V,
  render: (v: V) => string,
  shrink: (keyof V)[],
): string {
  const folded = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, foldToGsm7(v)])) as V;
  const fold = (v: V) => foldToGsm7(render(v)).replace(/\.{4,}/g, ELLIPSIS);
  let text = fold(folded);
  for (const key of shrink) {
    if (text.length <= SMS_MAX) break;
    const value = folded[key] ?? "";
    const over = text.length - SMS_MAX;
    (folded as Record<string, string>)[key as string] = cutAtWord(value, Math.max(0, value.length - over));
    text = fold(folded);
  }
  return text.length <= SMS_MAX ? text : cutAtWord(text, SMS_MAX);
}
