import { STATEMENT_MAX_CELLS, STATEMENT_MAX_COLUMNS, STATEMENT_MAX_ROWS } from "../limits";
import type { CsvDelimiter, CsvRow } from "./csv";

/**
 * The one table every statement format becomes (issue 25, decision 073): CSV and XLSX keep the bank's own
 * columns (mapped by finance once per bank); MT940 and CAMT.053 have a fixed structure, so their readers
 * give the fixed columns below and the mapping that reads them.
 */

export const STATEMENT_FORMATS = ["csv", "xlsx", "mt940", "camt053"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export type StatementTable = {
  format: StatementFormat;
  /** The CSV delimiter; "" for the other formats. */
  delimiter: CsvDelimiter | "";
  header: string[] | null;
  rows: CsvRow[];
  /** Lines of the file that could not be read as a row of the table, with the reason. */
  irregular: { line: number; reason: string }[];
  /** What the file says above the table (bank, account, period, balances). */
  preamble: string[];
};

export type TableRead = StatementTable | { error: string };

/** The columns of an MT940 or CAMT.053 statement, in this order. */
export const FIXED_HEADER = ["Data", "Crédito", "Débito", "Descritivo", "Ordenante"];

/** The mapping of the fixed columns (decision 070's `ColumnMapping` shape). */
export const FIXED_MAPPING = {
  dateColumn: 0,
  amountColumn: null,
  creditColumn: 1,
  debitColumn: 2,
  referenceColumn: 3,
  payerColumn: 4,
};

export const FORMATS_HINT = "Envie o extrato em CSV, XLSX, MT940 ou CAMT.053";

/** `50000` → `50 000`. */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, " ");
const SPLIT_HINT = "divida-o em arquivos menores (um por mês, por exemplo)";

/** Why a file past the limits of decision 078 is refused. */
export const TABLE_LIMIT_MESSAGES = {
  rows: `O arquivo tem mais de ${thousands(STATEMENT_MAX_ROWS)} linhas: ${SPLIT_HINT}`,
  columns: `O arquivo tem linhas com mais de ${STATEMENT_MAX_COLUMNS} colunas: não parece uma tabela que se possa ler`,
  cells: `O arquivo tem mais de ${thousands(STATEMENT_MAX_CELLS)} células (linhas × colunas): ${SPLIT_HINT}`,
} as const;

/**
 * A file whose reading ran out of the reader's memory or time (decision 078's backstop: whatever the
 * limits above missed costs that one import, never the server).
 */
export const STATEMENT_READ_FAILED =
  "Não foi possível ler o arquivo: a leitura passou o limite de memória ou de tempo. Confirme que é o arquivo certo (o extrato exportado pelo banco, a planilha do modelo), ou divida-o em arquivos menores";

/** Why a table of `rows` rows and `width` columns is past the limits, or null when it is within them. */
export function tableLimitRefusal(rows: number, width: number): string | null {
  if (rows > STATEMENT_MAX_ROWS) return TABLE_LIMIT_MESSAGES.rows;
  if (width > STATEMENT_MAX_COLUMNS) return TABLE_LIMIT_MESSAGES.columns;
  if (rows * width > STATEMENT_MAX_CELLS) return TABLE_LIMIT_MESSAGES.cells;
  return null;
}

/** A cell's text inside a reason: «…», cut at 40 characters (a reason never repeats a whole cell). */
export function quoted(text: string): string {
  const s = text.trim();
  return `«${s.length > 40 ? `${s.slice(0, 40)}…` : s}»`;
}

/**
 * A number written with more digits or a larger exponent than these is no amount of money: refused before
 * anything pads or converts it (`1E536870000` would be 537 million digits).
 */
export const NUMBER_MAX_DIGITS = 20;
export const NUMBER_MAX_EXPONENT = 20;

/** A statement entry of a fixed-structure format, as a row of the fixed columns. */
export function fixedRow(
  line: number,
  entry: { date: string; credit: boolean; amount: string; reference: string; payer: string },
): CsvRow {
  const text = (s: string) => s.replace(/\s+/g, " ").trim();
  const { date, credit, amount } = entry;
  return { line, cells: [date, credit ? amount : "", credit ? "" : amount, text(entry.reference), text(entry.payer)] };
}

/**
 * A decimal written with a '.' (XML, XLSX) or ',' (MT940) mark, as the pt-AO text `readAmount` reads
 * exactly, by its digits (never through a float): `150000.5` → `150000,50`, `150000.00` → `150000,00`,
 * `150000,` → `150000`, `1.5E3` → `1500`. Trailing zeros beyond 2 decimals are dropped (`12.3400` →
 * `12,34`); more significant decimals are kept (`12.345` → `12,345`), so `readAmount` refuses them.
 * `significant` rounds (half up) to that many significant digits first: XLSX numbers are doubles, and Excel
 * shows 15 (`150000.49999999999` → `150000,50`). Not a number, or one past `NUMBER_MAX_DIGITS` digits or an
 * exponent past `NUMBER_MAX_EXPONENT`: null.
 */
export function decimalText(written: string, mark: "." | ",", significant?: number): string | null {
  const m = new RegExp(`^([-+]?)(\\d*)(?:\\${mark}(\\d*))?(?:[eE]([-+]?\\d+))?$`).exec(written.trim());
  if (!m || (m[2] === "" && !m[3])) return null;
  const exponent = Number(m[4] ?? 0);
  if ((m[2] ?? "").length + (m[3] ?? "").length > NUMBER_MAX_DIGITS || Math.abs(exponent) > NUMBER_MAX_EXPONENT) {
    return null;
  }
  let digits = (m[2] ?? "") + (m[3] ?? "");
  let point = (m[2] ?? "").length + exponent; // digits before the decimal mark
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, "0");
  if (significant !== undefined) {
    const lead = digits.search(/[1-9]/);
    const keep = lead === -1 ? 0 : lead + significant;
    if (lead !== -1 && digits.length > keep) {
      const up = Number(digits[keep]) >= 5;
      let kept = digits.slice(0, keep).split("");
      for (let i = kept.length - 1; up && i >= 0; i--) {
        if (kept[i] === "9") kept[i] = "0";
        else {
          kept[i] = String(Number(kept[i]) + 1);
          break;
        }
        if (i === 0) {
          kept = ["1", ...kept];
          point++;
        }
      }
      digits = kept.join("").padEnd(Math.max(point, 0), "0");
    }
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  let fraction = digits.slice(point);
  while (fraction.length > 2 && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const sign = m[1] === "-" && /[1-9]/.test(digits) ? "-" : "";
  if (fraction === "") return sign + whole;
  return `${sign}${whole},${fraction.padEnd(2, "0")}`;
}
