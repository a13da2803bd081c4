import { STATEMENT_MAX_CELLS, STATEMENT_MAX_COLUMNS, STATEMENT_MAX_ROWS } from "../limits";
import type { CsvRow } from "./csv";
import { readDate } from "./dates";
import { decimalText, TABLE_LIMIT_MESSAGES, type TableRead, tableLimitRefusal } from "./table";
import { child, children, parseXml, scanXml, XmlError } from "./xml";

/**
 * XLSX statements (issue 25, decision 073), once unzipped (the server does that): the first worksheet of
 * the workbook, its cells as the text a CSV of it would hold. Text cells as typed; numbers by their digits
 * (`150000.5` → `150000,50`, see `decimalText`, 15 significant digits as Excel shows them); numbers with a
 * date format → `DD/MM/YYYY`; booleans `VERDADEIRO`/`FALSO`. Empty rows are skipped; the rows above the
 * table (fewer filled cells than half the widest row, or one) are the preamble; the first table row is the
 * header unless one of its cells reads as a date.
 */

export const XLSX_MESSAGES = {
  broken: (why: string) => `O arquivo XLSX está danificado (${why})`,
  noSheet: "O arquivo XLSX não tem nenhuma planilha",
  empty: "A primeira planilha do arquivo XLSX está vazia",
} as const;

export type XlsxParts = { workbook?: string; workbookRels?: string; sharedStrings?: string; styles?: string };

/** Where the workbook's first sheet is (`xl/worksheets/sheet1.xml`), from workbook.xml and its rels. */
export function firstSheetPath(parts: XlsxParts): string {
  const fallback = "xl/worksheets/sheet1.xml";
  if (!parts.workbook || !parts.workbookRels) return fallback;
  const first = children(child(parseXml(parts.workbook), "sheets"), "sheet")[0];
  const id = first?.attrs.id;
  const rel = parseXml(parts.workbookRels).children.find((r) => r.attrs.Id === id);
  const target = rel?.attrs.Target;
  if (!target) return fallback;
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

/** Built-in number formats that are dates (ECMA-376 18.8.30, and the East Asian date ids). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);

/** A custom format is a date when, outside quotes, escapes and [..], it has a day or a year. */
const isDateFormat = (code: string) => /[dy]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, ""));

/** For each cell style index: whether it shows a date. */
function dateStyles(styles: string | undefined): boolean[] {
  if (!styles) return [];
  const root = parseXml(styles);
  const custom = new Map(
    children(child(root, "numFmts"), "numFmt").map((f) => [Number(f.attrs.numFmtId), f.attrs.formatCode ?? ""]),
  );
  return children(child(root, "cellXfs"), "xf").map((xf) => {
    const id = Number(xf.attrs.numFmtId ?? 0);
    return custom.has(id) ? isDateFormat(custom.get(id)!) : DATE_FORMAT_IDS.has(id);
  });
}

/** A serial day number as DD/MM/YYYY (1900 system with its fictitious 29/02/1900, or the 1904 one). */
function serialDate(serial: string, base1904: boolean): string | null {
  const days = Math.floor(Number(serial));
  if (!Number.isFinite(days) || days < 1 || days > 2_958_465) return null;
  const epoch = base1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  if (!base1904 && days === 60) return null;
  const d = new Date(epoch + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/**
 * The text of a rich-text element (`si`, `is`), followed as `scanXml` reads it: its `t` texts in order,
 * phonetic guides (`rPh`) left out. Iterative: nesting costs no stack.
 */
class RichText {
  value = "";
  private t = 0;
  private phonetic = 0;
  open(name: string) {
    if (name === "t") this.t++;
    else if (name === "rPh") this.phonetic++;
  }
  close(name: string) {
    if (name === "t") this.t--;
    else if (name === "rPh") this.phonetic--;
  }
  text(chunk: string, element: string) {
    if (element === "t" && this.t === 1 && this.phonetic === 0) this.value += chunk;
  }
}

/** The shared strings (`sst/si`), in order. */
function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  const strings: string[] = [];
  let depth = 0;
  let item: RichText | null = null;
  scanXml(xml, {
    open(name) {
      depth++;
      if (depth === 2 && name === "si") item = new RichText();
      else item?.open(name);
    },
    text(chunk, element) {
      item?.text(chunk, element);
    },
    close(name) {
      if (depth === 2 && item) {
        strings.push(item.value);
        item = null;
      } else item?.close(name);
      depth--;
    },
  });
  return strings;
}

/** Excel's last column (XFD) and last row. */
const MAX_SHEET_COLUMN = 16_384;
const MAX_SHEET_ROW = 1_048_576;
const CELL_REF = /^([A-Z]{1,3})([1-9]\d{0,6})$/;

/** The 0-based column of a cell reference (`C7` → 2), or why it is not one inside a sheet. */
function columnOf(ref: string): number {
  const m = CELL_REF.exec(ref);
  let n = 0;
  for (const ch of m?.[1] ?? "") n = n * 26 + ch.charCodeAt(0) - 64;
  if (!m || n > MAX_SHEET_COLUMN || Number(m[2]) > MAX_SHEET_ROW) {
    throw new XmlError(`a célula ${ref.slice(0, 20)} fica fora da planilha, que vai de A1 a XFD1048576`);
  }
  return n - 1;
}

/** A row's number (`<row r="7">`), or why it is not one inside a sheet. */
function rowNumber(r: string | undefined, fallback: number): number {
  if (r === undefined) return fallback;
  const n = Number(r);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SHEET_ROW) {
    throw new XmlError(`a linha ${r.slice(0, 20)} fica fora da planilha, que vai até a linha ${MAX_SHEET_ROW}`);
  }
  return n;
}

class TooLarge extends Error {}

type Cell = { attrs: Record<string, string>; v: string | null; inline: RichText | null };

/**
 * The sheet's rows (`worksheet/sheetData/row/c`) as cell texts, read as `scanXml` goes: only the rows'
 * texts are kept. Empty cells are not padded out; past the limits of decision 078 → `TooLarge`.
 */
function sheetRows(xml: string, cellText: (c: Cell) => string): CsvRow[] {
  const rows: CsvRow[] = [];
  const path: string[] = [];
  let row: CsvRow | null = null;
  let rowIndex = 0;
  let cell: Cell | null = null;
  let inValue = false;
  let stored = 0;
  scanXml(xml, {
    open(name, attrs) {
      path.push(name);
      const depth = path.length;
      if (depth === 3 && name === "row" && path[1] === "sheetData") {
        row = { line: rowNumber(attrs.r, rowIndex + 1), cells: [] };
        rowIndex++;
      } else if (depth === 4 && name === "c" && row) cell = { attrs, v: null, inline: null };
      else if (depth === 5 && cell && name === "v" && cell.v === null) {
        cell.v = "";
        inValue = true;
      } else if (depth === 5 && cell && name === "is" && cell.inline === null) cell.inline = new RichText();
      else if (depth > 5 && cell?.inline && path[4] === "is") cell.inline.open(name);
    },
    text(chunk, element) {
      if (inValue && cell && element === "v" && path.length === 5) cell.v += chunk;
      else if (cell?.inline && path.length > 5 && path[4] === "is") cell.inline.text(chunk, path[path.length - 1]!);
    },
    close(name) {
      const depth = path.length;
      path.pop();
      if (depth === 5 && name === "v") inValue = false;
      else if (depth > 5 && cell?.inline && path[4] === "is") cell.inline.close(name);
      else if (depth === 4 && cell && row) {
        const cells = row.cells;
        const at = cell.attrs.r ? columnOf(cell.attrs.r) : cells.length;
        const text = cellText(cell).replace(/\s+/g, " ").trim();
        cell = null;
        if (text === "" && at >= cells.length) return;
        if (at >= STATEMENT_MAX_COLUMNS) throw new TooLarge(TABLE_LIMIT_MESSAGES.columns);
        stored += Math.max(0, at + 1 - cells.length);
        if (stored > STATEMENT_MAX_CELLS) throw new TooLarge(TABLE_LIMIT_MESSAGES.cells);
        while (cells.length < at) cells.push("");
        cells[at] = text;
      } else if (depth === 3 && row) {
        while (row.cells.length > 0 && row.cells[row.cells.length - 1] === "") row.cells.pop();
        if (row.cells.length > 0) {
          if (rows.length === STATEMENT_MAX_ROWS) throw new TooLarge(TABLE_LIMIT_MESSAGES.rows);
          rows.push(row);
        }
        row = null;
      }
    },
  });
  return rows;
}

function cellValue(c: Cell, shared: string[], dates: boolean[], base1904: boolean): string {
  const v = c.v ?? "";
  switch (c.attrs.t) {
    case "s":
      return shared[Number(v)] ?? "";
    case "inlineStr":
      return c.inline?.value ?? "";
    case "str":
    case "e":
      return v;
    case "b":
      return v === "1" ? "VERDADEIRO" : "FALSO";
    case "d": {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
      return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
    }
    default:
      if (v === "") return "";
      if (dates[Number(c.attrs.s ?? 0)]) return serialDate(v, base1904) ?? v;
      return decimalText(v, ".", 15) ?? v;
  }
}

/** The largest of `values` (0 when none), without spreading them as arguments. */
const largest = (values: Iterable<number>) => {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return max;
};

/** Reads the first sheet (its XML and the workbook's parts) into a table, or says why it cannot. */
export function readXlsxSheet(sheet: string, parts: XlsxParts): TableRead {
  let rows: CsvRow[];
  try {
    const shared = sharedStrings(parts.sharedStrings);
    const dates = dateStyles(parts.styles);
    const pr = parts.workbook ? child(parseXml(parts.workbook), "workbookPr") : undefined;
    const base1904 = pr?.attrs.date1904 === "1" || pr?.attrs.date1904 === "true";
    rows = sheetRows(sheet, (c) => cellValue(c, shared, dates, base1904));
  } catch (e) {
    if (e instanceof XmlError) return { error: XLSX_MESSAGES.broken(e.message) };
    if (e instanceof TooLarge) return { error: e.message };
    throw e;
  }
  const filled = (r: CsvRow) => r.cells.filter((c) => c !== "").length;
  if (rows.length === 0) return { error: XLSX_MESSAGES.empty };
  const widest = largest(rows.map(filled));
  const first = rows.findIndex((r) => filled(r) >= Math.max(2, Math.ceil(widest / 2)));
  if (first === -1) return { error: XLSX_MESSAGES.empty };
  const hasHeader = !rows[first]!.cells.some((c) => readDate(c).ok);
  const table = rows.slice(hasHeader ? first + 1 : first);
  const width = Math.max(rows[first]!.cells.length, largest(table.map((r) => r.cells.length)));
  const tooLarge = tableLimitRefusal(table.length, width);
  if (tooLarge) return { error: tooLarge };
  const pad = (cells: string[]) => {
    while (cells.length < width) cells.push("");
    return cells;
  };
  return {
    format: "xlsx",
    delimiter: "",
    header: hasHeader ? pad(rows[first]!.cells) : null,
    rows: table.map((r) => ({ line: r.line, cells: pad(r.cells) })),
    irregular: [],
    preamble: rows.slice(0, first).map((r) => r.cells.filter((c) => c !== "").join(" ")),
  };
}
