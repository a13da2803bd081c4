import { STATEMENT_MAX_ROWS } from "../limits";
import type { CsvRow } from "./csv";
import { decimalText, FIXED_HEADER, fixedRow, TABLE_LIMIT_MESSAGES, type TableRead } from "./table";

/**
 * MT940 statements (SWIFT text; issue 25, decision 073): `:20:` reference, `:25:` account, `:28C:` statement
 * number, `:60F:`/`:60M:` opening balance, a `:61:` per movement followed by its `:86:` text, `:62F:`/`:62M:`
 * closing balance; several statements may follow one another (each ends with `-`), optionally inside the
 * SWIFT envelope `{1:…}{2:…}{4:` … `-}`. Each `:61:` becomes a row of the fixed columns: the value date,
 * the amount by its digits in the credit (C, RD) or debit (D, RC) column, the `:86:` text as 'Descritivo'
 * and, when the `:86:` is structured (`/REMI/…/ORDP/…` or `/NAME/`), the remittance text and the payer.
 */

const FIELD = /^:(\d{2}[A-Z]?):(.*)$/;
/** date YYMMDD, entry date MMDD?, mark, funds code?, amount, type, references, supplementary details. */
const ENTRY = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,14},\d{0,2})([NSF][A-Z0-9]{3})([^\n]*)(?:\n([\s\S]*))?$/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,14},\d{0,2})$/;

export const MT940_MESSAGES = {
  missing: (tag: string, what: string) => `O extrato MT940 não tem o campo :${tag}: (${what})`,
  currency: (ccy: string) => `O extrato MT940 está em ${ccy}: só são lidos extratos em kwanzas (AOA)`,
  balance: (tag: string) => `O saldo :${tag}: do extrato MT940 está ilegível`,
  entry: "Movimento :61: ilegível (data, sinal, valor e tipo em falta ou fora do formato MT940)",
  date: "Movimento :61: com uma data que não existe",
} as const;

/** True when the text is shaped as an MT940 (a `:20:` field and another MT940 field at the start of lines). */
export function looksLikeMt940(text: string): boolean {
  return /(^|\n|\{4:\s*):20:/.test(text) && /\n:(25|28C|60[FM]|61|62[FM]):/.test(text);
}

type Field = { tag: string; value: string; line: number };

/**
 * The fields in order; a line that starts no field continues the previous one (unless a `-` or empty line
 * ended it). Read line by line without splitting the whole text: a file of empty lines costs nothing.
 */
function fields(text: string): Field[] {
  const out: Field[] = [];
  const src = text.replace(/^\uFEFF/, "");
  const breaks = /\r\n|\r|\n/g;
  let open: { field: Field; more: string[] } | null = null;
  const close = () => {
    if (open && open.more.length > 0) open.field.value += `\n${open.more.join("\n")}`;
    open = null;
  };
  for (let at = 0, number = 1; at <= src.length; number++) {
    breaks.lastIndex = at;
    const found = breaks.exec(src);
    const end = found ? found.index : src.length;
    const raw = src.slice(at, end);
    at = found ? end + found[0].length : src.length + 1;
    // The SWIFT envelope around the fields: `{1:…}{2:…}{4:` before the first, `-}` after the last.
    let line = raw.startsWith("{") ? raw.replace(/^\{1:[^}]*\}(\{2:[^}]*\})?(\{3:(\{[^}]*\})*\})?\{4:/, "") : raw;
    if (line.includes("-}")) line = line.replace(/-\}.*$/, "");
    const m = line.startsWith(":") ? FIELD.exec(line) : null;
    const bare = m ? "" : line.trim();
    if (m) {
      close();
      const field = { tag: m[1]!, value: m[2]!, line: number };
      out.push(field);
      open = { field, more: [] };
    } else if (bare === "-" || bare === "") close();
    else open?.more.push(line);
  }
  close();
  return out;
}

/**
 * `:86:` lines are cut at 65 characters (the first with its `:86:`): a full line continues the same word,
 * a shorter one ends a word.
 */
function joinLines(value: string): string {
  const lines = value.split("\n");
  const full = (i: number) => lines[i]!.length + (i === 0 ? 4 : 0) >= 65;
  return lines.reduce((all, l, i) => (i === 0 ? l : all + (full(i - 1) ? "" : " ") + l), "");
}

/** `/REMI/text/ORDP//NAME/Ana` → the remittance text and the payer; free text → itself, no payer. */
function readInformation(text: string): { reference: string; payer: string } {
  if (!/^\/[A-Z]{4}\//.test(text)) return { reference: text, payer: "" };
  const parts = new Map<string, string>();
  for (const m of text.matchAll(/\/([A-Z]{4})\/(.*?)(?=\/[A-Z]{4}\/|$)/g)) {
    if (!parts.has(m[1]!)) parts.set(m[1]!, m[2]!.replace(/^\/+|\/+$/g, ""));
  }
  const reference = parts.get("REMI")?.replace(/^USTD\/+/, "") ?? "";
  return { reference: reference || text, payer: parts.get("NAME") || parts.get("ORDP") || "" };
}

const isoDate = (yymmdd: string) => `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
const ddmmyyyy = (yymmdd: string) => `${yymmdd.slice(4, 6)}/${yymmdd.slice(2, 4)}/20${yymmdd.slice(0, 2)}`;

const existingDate = (yymmdd: string) => {
  const d = new Date(`${isoDate(yymmdd)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === isoDate(yymmdd);
};

/** Reads an MT940 file into the fixed table, or says why it cannot. */
export function readMt940(text: string): TableRead {
  const all = fields(text);
  const has = (tag: string) => all.some((f) => f.tag === tag);
  for (const [tag, what] of [
    ["20", "referência"],
    ["25", "conta"],
  ] as const) {
    if (!has(tag)) return { error: MT940_MESSAGES.missing(tag, what) };
  }
  if (!has("60F") && !has("60M")) return { error: MT940_MESSAGES.missing("60F", "saldo inicial") };
  if (!has("62F") && !has("62M")) return { error: MT940_MESSAGES.missing("62F", "saldo final") };

  const preamble: string[] = [];
  const rows: CsvRow[] = [];
  const irregular: { line: number; reason: string }[] = [];
  let pending: { line: number; entry: RegExpExecArray } | undefined;
  const flush = (information: string) => {
    if (!pending) return;
    const { line, entry } = pending;
    pending = undefined;
    const [, valueDate, , mark, , amount, , references, details] = entry;
    if (!existingDate(valueDate!)) {
      irregular.push({ line, reason: MT940_MESSAGES.date });
      return;
    }
    const own = [references!.replace(/\/\/.*$/, ""), details ?? ""].join(" ").replace(/\s+/g, " ").trim();
    const read = information ? readInformation(information) : { reference: own, payer: "" };
    rows.push(
      fixedRow(line, {
        date: ddmmyyyy(valueDate!),
        credit: mark === "C" || mark === "RD",
        amount: decimalText(amount!, ",")!,
        ...read,
      }),
    );
  };

  for (const f of all) {
    if (rows.length + irregular.length > STATEMENT_MAX_ROWS) return { error: TABLE_LIMIT_MESSAGES.rows };
    if (f.tag === "86" && pending) {
      flush(joinLines(f.value).trim());
      continue;
    }
    flush("");
    if (f.tag === "61") {
      const entry = ENTRY.exec(f.value.trim());
      if (entry) pending = { line: f.line, entry };
      else irregular.push({ line: f.line, reason: MT940_MESSAGES.entry });
    } else if (/^6[02][FM]$|^64$/.test(f.tag)) {
      const b = BALANCE.exec(f.value.trim());
      if (!b || !existingDate(b[2]!)) return { error: MT940_MESSAGES.balance(f.tag) };
      if (b[3] !== "AOA") return { error: MT940_MESSAGES.currency(b[3]!) };
      const label = f.tag.startsWith("60")
        ? "Saldo inicial"
        : f.tag.startsWith("62")
          ? "Saldo final"
          : "Saldo disponível";
      preamble.push(`${label}: ${ddmmyyyy(b[2]!)} ${b[1] === "D" ? "-" : ""}${decimalText(b[4]!, ",")} AOA`);
    } else if (f.tag === "25") preamble.push(`Conta: ${f.value.trim()}`);
    else if (f.tag === "28C") preamble.push(`Extrato n.º ${f.value.trim()}`);
    else if (f.tag === "86") preamble.push(joinLines(f.value).trim());
  }
  flush("");
  if (rows.length + irregular.length > STATEMENT_MAX_ROWS) return { error: TABLE_LIMIT_MESSAGES.rows };
  return { format: "mt940", delimiter: "", header: FIXED_HEADER, rows, irregular, preamble };
}
