import { readAmount } from "./amounts";
import { readDate } from "./dates";

/**
 * Reading a CSV statement (issue 25, decision 069): the delimiter (`;`, `,`, tab or `|`) is the one
 * whose most frequent cell count (two or more) w, over the n lines that have it, gives the largest
 * n × (w − 1); the table starts at the first line of w cells, so the bank's name, account and period lines above it are skipped. Quotes follow RFC 4180
 * (`"a;b"`, `""` for a quote, line breaks inside quotes). The first table line is the header unless one
 * of its cells reads as a date (then the file has no header). Lines of the table with another number of
 * cells are listed with their reason, never fitted — except an unquoted decimal comma in a ','-delimited
 * file (decision 073): a line wider than the table by k whose cells hold exactly k adjacent pairs
 * `150000` + `00` that join into an amount is read with those pairs joined (`150000,00`).
 */

export type CsvDelimiter = ";" | "," | "\t" | "|";
export type CsvRow = { line: number; cells: string[] };
export type CsvTable = {
  delimiter: CsvDelimiter;
  header: string[] | null;
  rows: CsvRow[];
  /** Lines inside the table that could not be read as a row of it. */
  irregular: { line: number; reason: string }[];
  /** Lines before the table (bank name, account, period). */
  preamble: string[];
};

/** In order of preference when two give equally regular tables (`;` first: amounts carry commas). */
const DELIMITERS: CsvDelimiter[] = [";", "\t", "|", ","];

/** Splits into records at `delimiter`, honouring quotes; each record keeps the line it starts on. */
function records(text: string, delimiter: string): CsvRow[] {
  const out: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const endCell = () => {
    cells.push(cell.trim());
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      cell = "";
      quoted = true;
    } else if (ch === delimiter) endCell();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endCell();
      out.push({ line: start, cells });
      cells = [];
      start = ++line;
    } else cell += ch;
  }
  endCell();
  out.push({ line: start, cells });
  return out.filter((r) => r.cells.some((c) => c !== ""));
}

/** The most frequent cell count of 2 or more (the larger on a tie) and how many records have it. */
function tableWidth(rows: CsvRow[]): { width: number; count: number } {
  const counts = new Map<number, number>();
  for (const r of rows) if (r.cells.length >= 2) counts.set(r.cells.length, (counts.get(r.cells.length) ?? 0) + 1);
  let best = { width: 0, count: 0 };
  for (const [width, count] of counts) {
    if (count > best.count || (count === best.count && width > best.width)) best = { width, count };
  }
  return best;
}

export const CSV_NO_TABLE = "O ficheiro não tem uma tabela (linhas com colunas separadas por ; , tabulação ou |)";

const WHOLE = /^[-+−–]?(\d{1,3}([. \u00a0\u202f]\d{3})*|\d+)$/;
const CENTS = /^\d{2}(\s*(D|C|DB|CR|Kz|AOA))?$/i;

const cutAt = (cells: string[], i: number) =>
  i + 1 < cells.length &&
  WHOLE.test(cells[i]!) &&
  CENTS.test(cells[i + 1]!) &&
  readAmount(`${cells[i]},${cells[i + 1]}`).ok;

/**
 * The cells with each `150000` `00` pair (an amount cut by an unquoted decimal comma) joined, how many were
 * joined, and whether the pairs overlap (`12`,`50`,`00`: '12,50' or '50,00' — then nothing is certain).
 */
function joinDecimalPairs(cells: string[]): { cells: string[]; pairs: number; overlap: boolean } {
  const out: string[] = [];
  let pairs = 0;
  let overlap = false;
  for (let i = 0; i < cells.length; i++) {
    if (cutAt(cells, i)) {
      if (cutAt(cells, i + 1)) overlap = true;
      out.push(`${cells[i]},${cells[i + 1]}`);
      pairs++;
      i++;
    } else out.push(cells[i]!);
  }
  return { cells: out, pairs, overlap };
}

const cutAmounts = (n: number, width: number) =>
  `Linha com ${n} colunas em vez de ${width}: um valor com vírgula decimal sem aspas não se distingue do separador (guarde o extrato com ; como separador ou os valores entre aspas)`;

/** Reads a statement CSV, or says why there is no table in it. */
export function splitCsv(text: string): CsvTable | { error: string } {
  const clean = text.replace(/^\uFEFF/, "");
  let best: { delimiter: CsvDelimiter; rows: CsvRow[]; width: number; count: number; score: number } | undefined;
  for (const delimiter of DELIMITERS) {
    const rows = records(clean, delimiter);
    let { width, count } = tableWidth(rows);
    if (delimiter === ",") {
      // Every amount cut by an unquoted decimal comma: the table is as wide as its lines once joined.
      const joined = tableWidth(rows.map((r) => ({ line: r.line, cells: joinDecimalPairs(r.cells).cells })));
      if (joined.count > count) ({ width, count } = joined);
    }
    // The delimiter that explains the most of its occurrences as cell boundaries of one table: a ','
    // cutting '10,00' in two makes many short rows, ';' fewer rows of more cells.
    const score = count * (width - 1);
    if (score > (best?.score ?? 0)) best = { delimiter, rows, width, count, score };
  }
  if (!best || best.count < 1) return { error: CSV_NO_TABLE };
  const { delimiter, width } = best;
  // A line wider than the table, in a ',' file, whose extra cells are exactly its cut amounts: joined.
  const rows = best.rows.map((r) => {
    if (delimiter !== "," || r.cells.length <= width) return { ...r, cut: false };
    const joined = joinDecimalPairs(r.cells);
    return joined.cells.length === width && !joined.overlap
      ? { line: r.line, cells: joined.cells, cut: false }
      : { ...r, cut: joined.pairs > 0 };
  });
  const first = rows.findIndex((r) => r.cells.length === width);
  const hasHeader = !rows[first]!.cells.some((c) => readDate(c).ok);
  const table = rows.slice(hasHeader ? first + 1 : first);
  const lines = clean.split(/\r\n|\r|\n/);
  return {
    delimiter,
    header: hasHeader ? rows[first]!.cells : null,
    rows: table.filter((r) => r.cells.length === width).map(({ line, cells }) => ({ line, cells })),
    irregular: table
      .filter((r) => r.cells.length !== width)
      .map((r) => ({
        line: r.line,
        reason: r.cut ? cutAmounts(r.cells.length, width) : `Linha com ${r.cells.length} colunas em vez de ${width}`,
      })),
    preamble: lines.slice(0, rows[first]!.line - 1).filter((l) => l.trim() !== ""),
  };
}
