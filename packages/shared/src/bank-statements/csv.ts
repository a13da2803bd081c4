import { STATEMENT_MAX_CELLS, STATEMENT_MAX_COLUMNS, STATEMENT_MAX_ROWS } from "../limits";
import { readAmount } from "./amounts";
import { readDate } from "./dates";
import { TABLE_LIMIT_MESSAGES, tableLimitRefusal } from "./table";

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

/** What `String.prototype.trim` removes (the cell is trimmed; a quote opens a cell only after blanks). */
const isBlank = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));

/**
 * Calls `onRecord` for each record at `delimiter`, honouring quotes, with the line it starts on, its first
 * `keep` cells (trimmed) and how many cells it has, until it answers false; records of empty cells only
 * are skipped. One pass over
 * the text; each cell is cut out of it once (never built a character at a time), cells past `keep` are
 * counted, not cut: a 5 MB line costs no more than its length.
 */
function eachRecord(
  text: string,
  delimiter: string,
  keep: number,
  onRecord: (line: number, cells: string[], count: number) => boolean | undefined,
): void {
  const sep = delimiter.charCodeAt(0);
  let cells: string[] = [];
  let count = 0;
  let filled = false;
  let cell = ""; // the cell's finished pieces
  let from = 0; // where its current piece starts
  let blank = true; // nothing but blanks in the cell so far
  let quoted = false;
  let line = 1;
  let start = 1;
  const endCell = (at: number) => {
    if (count++ < keep) {
      const value = (cell + text.slice(from, at)).trim();
      if (value !== "") filled = true;
      cells.push(value);
    } else if (!blank) filled = true;
    cell = "";
    blank = true;
    from = at + 1;
  };
  let more = true;
  const endRecord = () => {
    if (filled) more = onRecord(start, cells, count) !== false;
    cells = [];
    count = 0;
    filled = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch === 34) {
        if (count < keep) cell += text.slice(from, i);
        if (text.charCodeAt(i + 1) === 34) {
          if (count < keep) cell += '"';
          blank = false;
          i++;
        } else quoted = false;
        from = i + 1;
      } else {
        if (ch === 10) line++;
        if (blank && !isBlank(ch)) blank = false;
      }
    } else if (ch === 34 && blank) {
      cell = "";
      from = i + 1;
      quoted = true;
    } else if (ch === sep) endCell(i);
    else if (ch === 10 || ch === 13) {
      endCell(i);
      if (ch === 13 && text.charCodeAt(i + 1) === 10) i++;
      from = i + 1;
      endRecord();
      if (!more) return;
      start = ++line;
    } else if (blank && !isBlank(ch)) blank = false;
  }
  endCell(text.length);
  endRecord();
}

/** The most frequent cell count of 2 or more (the larger on a tie) and how many records have it. */
function tableWidth(counts: Map<number, number>): { width: number; count: number } {
  let best = { width: 0, count: 0 };
  for (const [width, count] of counts) {
    if (count > best.count || (count === best.count && width > best.width)) best = { width, count };
  }
  return best;
}

const tally = (counts: Map<number, number>, width: number) => {
  if (width >= 2) counts.set(width, (counts.get(width) ?? 0) + 1);
};

export const CSV_NO_TABLE = "O arquivo não tem uma tabela (linhas com colunas separadas por ; , tabulação ou |)";

const WHOLE = /^[-+−–]?(\d{1,3}([. \u00a0\u202f]\d{3})*|\d+)$/;
const CENTS = /^\d{2}(\s*(D|C|DB|CR|Kz|AOA))?$/i;

/** Plain digits and two cents: always an amount (at most 12 digits stay under the largest amount). */
const PLAIN_WHOLE = /^\d{1,12}$/;
const PLAIN_CENTS = /^\d{2}$/;

const cutAt = (cells: string[], i: number) =>
  i + 1 < cells.length &&
  ((PLAIN_WHOLE.test(cells[i]!) && PLAIN_CENTS.test(cells[i + 1]!)) ||
    (WHOLE.test(cells[i]!) && CENTS.test(cells[i + 1]!) && readAmount(`${cells[i]},${cells[i + 1]}`).ok));

/**
 * The cells with each `150000` `00` pair (an amount cut by an unquoted decimal comma) joined, how many were
 * joined, and whether the pairs overlap (`12`,`50`,`00`: '12,50' or '50,00' — then nothing is certain).
 */
function joinDecimalPairs(cells: string[]): { cells: string[]; pairs: number; overlap: boolean } {
  const out: string[] = [];
  let pairs = 0;
  let overlap = false;
  const cut = cells.map((_, i) => cutAt(cells, i));
  for (let i = 0; i < cells.length; i++) {
    if (cut[i]) {
      if (cut[i + 1]) overlap = true;
      out.push(`${cells[i]},${cells[i + 1]}`);
      pairs++;
      i++;
    } else out.push(cells[i]!);
  }
  return { cells: out, pairs, overlap };
}

const cutAmounts = (n: number, width: number) =>
  `Linha com ${n} colunas em vez de ${width}: um valor com vírgula decimal sem aspas não se distingue do separador (guarde o arquivo com ; como separador ou os valores entre aspas)`;

/** The rows' limit, a header and a bank's lines above the table. */
const MAX_RECORDS = STATEMENT_MAX_ROWS + 100;

/** The preamble shown is at most this many lines (bank, account, period come first). */
const PREAMBLE_LINES = 20;

/** The non-empty lines of `text` before line `before` (at most `PREAMBLE_LINES`). */
function linesBefore(text: string, before: number): string[] {
  const out: string[] = [];
  let at = 0;
  for (let line = 1; line < before && at <= text.length && out.length < PREAMBLE_LINES; line++) {
    const m = /\r\n|\r|\n/g;
    m.lastIndex = at;
    const found = m.exec(text);
    const end = found ? found.index : text.length;
    const l = text.slice(at, end);
    if (l.trim() !== "") out.push(l);
    at = found ? end + found[0].length : text.length + 1;
  }
  return out;
}

/** Reads a statement CSV, or says why there is no table in it (or why it is too large to read). */
export function splitCsv(text: string): CsvTable | { error: string } {
  const clean = text.replace(/^\uFEFF/, "");
  // The cells a ',' line needs to be joined (an amount cut in two is two cells).
  const keep = 2 * STATEMENT_MAX_COLUMNS;
  let best: { delimiter: CsvDelimiter; width: number; count: number; score: number } | undefined;
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    const joinedCounts = new Map<number, number>();
    let records = 0;
    eachRecord(clean, delimiter, keep, (_line, cells, count) => {
      tally(counts, count);
      // Every amount cut by an unquoted decimal comma: the table is as wide as its lines once joined.
      if (delimiter === ",") tally(joinedCounts, count <= keep ? joinDecimalPairs(cells).cells.length : count);
      return ++records <= MAX_RECORDS;
    });
    // Lines past the rows' limit and a bank's lines above the table: the file is refused before more work.
    if (records > MAX_RECORDS) return { error: TABLE_LIMIT_MESSAGES.rows };
    let { width, count } = tableWidth(counts);
    const joined = tableWidth(joinedCounts);
    if (joined.count > count) ({ width, count } = joined);
    // The delimiter that explains the most of its occurrences as cell boundaries of one table: a ','
    // cutting '10,00' in two makes many short rows, ';' fewer rows of more cells.
    const score = count * (width - 1);
    if (score > (best?.score ?? 0)) best = { delimiter, width, count, score };
  }
  if (!best || best.count < 1) return { error: CSV_NO_TABLE };
  const { delimiter, width } = best;
  if (width > STATEMENT_MAX_COLUMNS) return { error: TABLE_LIMIT_MESSAGES.columns };

  let first: CsvRow | undefined;
  const table: { line: number; cells: string[] | null; count: number; cut: boolean }[] = [];
  let stored = 0;
  let tooLarge: string | null = null;
  eachRecord(clean, delimiter, keep, (line, cells, count) => {
    let row = { line, cells: count === width ? cells : null, count, cut: false };
    // A line wider than the table, in a ',' file, whose extra cells are exactly its cut amounts: joined.
    if (delimiter === "," && count > width && count <= keep) {
      const joined = joinDecimalPairs(cells);
      row =
        joined.cells.length === width && !joined.overlap
          ? { line, cells: joined.cells, count: width, cut: false }
          : { ...row, cut: joined.pairs > 0 };
    }
    if (!first) {
      if (row.cells) first = { line, cells: row.cells };
      return true;
    }
    if (row.cells) stored += width;
    table.push(row);
    tooLarge =
      tableLimitRefusal(table.length, width) ?? (stored > STATEMENT_MAX_CELLS ? TABLE_LIMIT_MESSAGES.cells : null);
    return tooLarge === null;
  });
  if (tooLarge) return { error: tooLarge };
  const header = first!;
  const hasHeader = !header.cells.some((c) => readDate(c).ok);
  if (!hasHeader) table.unshift({ ...header, count: width, cut: false });
  return {
    delimiter,
    header: hasHeader ? header.cells : null,
    rows: table.flatMap(({ line, cells }) => (cells ? [{ line, cells }] : [])),
    irregular: table
      .filter((r) => !r.cells)
      .map((r) => ({
        line: r.line,
        reason: r.cut ? cutAmounts(r.count, width) : `Linha com ${r.count} colunas em vez de ${width}`,
      })),
    preamble: linesBefore(clean, header.line),
  };
}
