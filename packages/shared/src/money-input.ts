/**
 * Reading an amount of money as people in Angola type it (decision 009): `150.000`, `150 000` and
 * `150000` are a hundred and fifty thousand; `1.500,50`, `1 500,50`, `1500.50` and `1500,5` are one
 * thousand five hundred and fifty cents. Whatever could mean two different amounts is refused with a
 * message that says what to type instead: never guessed, never reinterpreted.
 */

export type MoneyProblem = "empty" | "negative" | "characters" | "ambiguous" | "grouping" | "decimals" | "cents";

export const MONEY_MESSAGES: Record<MoneyProblem | "max", string> = {
  empty: "Indique o valor",
  negative: "O valor não pode ser negativo",
  characters:
    "Use apenas algarismos, com ponto ou espaço separando os milhares e vírgula para os cêntimos (ex.: 150.000,50)",
  ambiguous:
    "Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)",
  grouping: "Separe os milhares em grupos de 3 algarismos (ex.: 1.500.000 ou 1 500 000) e use vírgula para os cêntimos",
  decimals: "Use no máximo 2 casas decimais para os cêntimos (ex.: 1.500,50)",
  cents: "Digite os algarismos antes e depois da vírgula (ex.: 0,50 ou 150,50), ou apague-a",
  max: "Valor muito alto",
};

export type MoneyParse = { ok: true; value: number } | { ok: false; problem: MoneyProblem; message: string };

/** The largest amount `numeric(14,2)` holds. */
export const MAX_MONEY = 999_999_999_999.99;

const fail = (problem: MoneyProblem): MoneyParse => ({ ok: false, problem, message: MONEY_MESSAGES[problem] });

/** Reads an amount typed or pasted by a person; the value is in kwanzas (cents as decimals). */
export function parseMoney(text: string): MoneyParse {
  const s = text
    .replace(/\s+/g, " ") // NBSP, narrow NBSP and other spaces count as spaces (`\s` covers them)
    .trim()
    .replace(/\s*(kz|aoa)$/i, "");
  if (s === "") return fail("empty");
  if (/^[-−–]/.test(s)) return fail("negative");
  if (!/^[\d .,]+$/.test(s) || !/\d/.test(s)) return fail("characters");

  const split = splitDecimals(s);
  if ("problem" in split) return fail(split.problem);
  const { whole, cents } = split;
  if (whole === "" || (split.decimalMark && cents === "")) return fail("cents");
  if (whole.includes(" ") && whole.includes(".")) return fail("grouping");
  const groups = whole.split(/[ .]/);
  if (groups.length > 1 && !(/^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g)))) {
    return fail("grouping");
  }
  return { ok: true, value: Number(`${groups.join("")}.${cents || "0"}`) };
}

/** Splits at the decimal mark: ',' always; '.' only when it cannot be a thousands separator. */
function splitDecimals(s: string): { whole: string; cents: string; decimalMark: boolean } | { problem: MoneyProblem } {
  const commas = s.split(",");
  if (commas.length > 2) return { problem: "ambiguous" };
  if (commas.length === 2) {
    const [whole, cents] = commas as [string, string];
    if (!/^\d*$/.test(cents)) return { problem: "ambiguous" }; // `1,500.50`
    // `150,000`: an English thousands separator or three decimals? `1500,505` can only be decimals.
    if (cents.length === 3 && /^\d{1,3}$/.test(whole)) return { problem: "ambiguous" };
    if (cents.length > 2) return { problem: "decimals" };
    return { whole, cents, decimalMark: true };
  }
  const dots = s.split(".");
  if (dots.length === 1) return { whole: s, cents: "", decimalMark: false };
  const last = dots[dots.length - 1]!;
  if (dots.length > 2) {
    // Several dots only ever separate thousands: `1.500.000`, not `1.500.50`.
    return /^\d{3}$/.test(last) ? { whole: s, cents: "", decimalMark: false } : { problem: "ambiguous" };
  }
  if (!/^\d*$/.test(last)) return { problem: "grouping" };
  if (last.length === 3) return { whole: s, cents: "", decimalMark: false }; // `150.000`
  if (last.length > 3) return { problem: "decimals" };
  return { whole: dots[0]!, cents: last, decimalMark: true }; // `1500.50`, `1500.5`
}

/** Checks a number sent as JSON (API clients send numbers, people send text) by the same rules. */
export function checkMoneyNumber(value: number): MoneyParse {
  if (!Number.isFinite(value)) return fail("characters");
  if (value < 0) return fail("negative");
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return fail("decimals");
  return { ok: true, value };
}

const moneyText = new Intl.NumberFormat("pt-AO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A saved amount as the money field shows it for editing: `150 000,00` (which `parseMoney` reads back). */
export function formatMoneyInput(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : moneyText.format(value);
}
