import { MAX_MONEY, parseMoney } from "../money-input";
import { NUMBER_MAX_DIGITS, NUMBER_MAX_EXPONENT, quoted } from "./table";

/**
 * Amounts as bank statements print them (issue 25, decision 069): read exactly, in integer cents, or
 * refused with a reason. Never guessed: a line whose amount could mean two things is listed, not read.
 * The digits follow decision 009 (`parseMoney`), with two differences for files: a single '.' before
 * 1–2 digits is refused (`1.5`, `150.00`: a pt-AO statement never writes it), and the English form
 * `150,000.00` is read, because with both marks present, groups of 3 and exactly 2 decimals it has one
 * meaning only. A sign ('-', '+', or a trailing '-') or a 'D'/'C' ('DB'/'CR') suffix says debit or credit.
 */

export type AmountRead = { ok: true; cents: number } | { ok: false; reason: string };

const UNREADABLE = "Valor ilegível";
const REASONS = {
  empty: "sem valor",
  characters: "tem caracteres que não são algarismos",
  ambiguous: "ambíguo (use 150.000,00 ou 150 000,00)",
  grouping: "os milhares não estão em grupos de 3 algarismos",
  decimals: "mais de 2 casas decimais",
  cents: "separador sem algarismos",
  negative: "sinal duplicado ou contraditório",
  max: "valor demasiado alto",
  mixed: "ambíguo: o arquivo escreve outros valores com ponto decimal",
  long: `mais de ${NUMBER_MAX_DIGITS} algarismos ou um expoente acima de ${NUMBER_MAX_EXPONENT}`,
} as const;

const refuse = (text: string, why: keyof typeof REASONS): { ok: false; reason: string } => ({
  ok: false,
  reason: `${UNREADABLE}: ${quoted(text)} (${REASONS[why]})`,
});

/** No amount is written in more characters than this (`-1 234 567 890,00 AOA DB` has 24). */
const MAX_AMOUNT_CHARS = 60;

/**
 * 'Valor ilegível' for a number too long to be money (more than 20 digits, an exponent past ±20, or more
 * than 60 characters), checked before anything reads, pads or converts it; null otherwise.
 */
export function oversizedAmount(text: string): string | null {
  let digits = 0;
  for (let i = 0; i < text.length && digits <= NUMBER_MAX_DIGITS; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  const exponent = /[eE][-+]?0*(\d+)/.exec(text.length > MAX_AMOUNT_CHARS ? "" : text);
  const tooLong =
    text.trim().length > MAX_AMOUNT_CHARS ||
    digits > NUMBER_MAX_DIGITS ||
    (exponent !== null && (exponent[1]!.length > 2 || Number(exponent[1]) > NUMBER_MAX_EXPONENT));
  return tooLong ? refuse(text, "long").reason : null;
}

/** `1,500.00` / `150,000.00`: English marks, unambiguous only in this exact shape. */
const ENGLISH = /^\d{1,3}(,\d{3})+\.\d{2}$/;

/** `150000.00`: a '.' before exactly 2 decimals and no thousands mark (decision 073's dot-decimal column). */
const DOT_DECIMAL = /^\d+\.\d{2}$/;
/** `150.000`: '.' thousands without decimals, which a file that also writes `150000.00` makes ambiguous. */
const DOT_GROUPS = /^\d{1,3}(\.\d{3})+$/;

/**
 * How a file's amount column(s) write the decimals (decision 073): `dot` when every filled cell is
 * `150000.00` (signs and D/C allowed: a whole column in that one shape has one meaning); `mixed` when some
 * are and others are not (then `150000.00` and `150.000` are both refused as ambiguous); else `pt`.
 */
export type AmountConvention = "pt" | "dot" | "mixed";

export function amountConvention(texts: Iterable<string>): AmountConvention {
  let dot = 0;
  let other = 0;
  for (const text of texts) {
    const read = oversizedAmount(text) === null ? unsigned(text) : null;
    if (!read?.ok) {
      if (text.trim() !== "") other++;
      continue;
    }
    if (DOT_DECIMAL.test(read.digits)) dot++;
    else other++;
  }
  return dot === 0 ? "pt" : other === 0 ? "dot" : "mixed";
}

/** The digits of an amount and its sign (0 none, 1 credit, -1 debit), or why its signs cannot be read. */
function unsigned(text: string): { ok: true; digits: string; sign: number } | { ok: false; reason: string } {
  let s = text.replace(/\s+/g, " ").trim();
  let sign = 0; // 0: none yet; 1 credit; -1 debit
  const setSign = (value: 1 | -1) => {
    if (sign !== 0) return false;
    sign = value;
    return true;
  };
  const suffix = /\s*(?<![A-Za-z])(D|C|DB|CR)$/i.exec(s);
  if (suffix) {
    setSign(suffix[1]!.toUpperCase().startsWith("D") ? -1 : 1);
    s = s.slice(0, suffix.index);
  }
  s = s.replace(/\s*(kz|aoa)$/i, "").trim();
  for (const [pattern, value] of [
    [/^[-−–]\s*/, -1],
    [/\s*[-−–]$/, -1],
    [/^\+\s*/, 1],
  ] as const) {
    if (pattern.test(s)) {
      if (!setSign(value)) return refuse(text, "negative");
      s = s.replace(pattern, "");
    }
  }
  if (s === "") return refuse(text, "empty");
  if (/[-−–+]/.test(s)) return refuse(text, "negative");
  return { ok: true, digits: s, sign };
}

/**
 * Reads a statement amount: negative cents for a debit, positive for a credit. `convention` is the
 * column's (`amountConvention`): in a `dot` column `150000.00` is 150 000,00.
 */
export function readAmount(text: string, convention: AmountConvention = "pt"): AmountRead {
  const oversized = oversizedAmount(text);
  if (oversized) return { ok: false, reason: oversized };
  const read = unsigned(text);
  if (!read.ok) return read;
  const { sign } = read;
  let s = read.digits;
  if (convention === "dot" && DOT_DECIMAL.test(s)) s = s.replace(".", ",");
  else if (convention === "mixed" && DOT_GROUPS.test(s)) return refuse(text, "mixed");
  else if (ENGLISH.test(s)) s = s.replace(/,/g, " ").replace(".", ",");
  else if (/\.\d{1,2}$/.test(s)) return refuse(text, "ambiguous");
  const money = parseMoney(s);
  if (!money.ok) return refuse(text, money.problem);
  if (money.value > MAX_MONEY) return refuse(text, "max");
  const cents = Math.round(money.value * 100);
  return { ok: true, cents: sign === -1 ? -cents : cents };
}
