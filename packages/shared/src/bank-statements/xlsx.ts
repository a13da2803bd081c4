import type { CsvRow } from "./csv";
import { readDate } from "./dates";
import { decimalText, type TableRead } from "./table";
import { child, children, parseXml, type XmlElement, XmlError } from "./xml";

/**
 * XLSX statements (issue 25, decision 073), once unzipped (the server does that): the first worksheet of
 * the workbook, its cells as the text a CSV of it would hold. Text cells as typed; numbers by their digits
 * (`150000.5` → `150000,50`, see `decimalText`, 15 significant digits as Excel shows them); numbers with a
 * date format → `DD/MM/YYYY`; booleans `VERDADEIRO`/`FALSO`. Empty rows are skipped; the rows above the
 * table (fewer filled cells than half the widest row, or one) are the preamble; the first table row is the
 * header unless one of its cells reads as a date.
 */

export const XLSX_MESSAGES = {
  broken: (why: string) => `O ficheiro XLSX está danificado (${why})`,
  noSheet: "O ficheiro XLSX não tem nenhuma folha",
  empty: "A primeira folha do ficheiro XLSX está vazia",
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

const textOf = (el: XmlElement | undefined): string =>
  el
    ? el.name === "t"
      ? el.text
      : el.children
          .filter((c) => c.name !== "rPh")
          .map(textOf)
          .join("")
    : "";

const columnIndex = (ref: string) => {
  let n = 0;
  for (const ch of /^[A-Z]+/.exec(ref)?.[0] ?? "") n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
};

function cellText(c: XmlElement, shared: string[], dates: boolean[], base1904: boolean): string {
  const v = child(c, "v")?.text ?? "";
  switch (c.attrs.t) {
    case "s":
      return shared[Number(v)] ?? "";
    case "inlineStr":
      return textOf(child(c, "is"));
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

/** Reads the first sheet (its XML and the workbook's parts) into a table, or says why it cannot. */
export function readXlsxSheet(sheet: string, parts: XlsxParts): TableRead {
  let grid: CsvRow[];
  try {
    const shared = parts.sharedStrings ? children(parseXml(parts.sharedStrings), "si").map(textOf) : [];
    const dates = dateStyles(parts.styles);
    const pr = parts.workbook ? child(parseXml(parts.workbook), "workbookPr") : undefined;
    const base1904 = pr?.attrs.date1904 === "1" || pr?.attrs.date1904 === "true";
    grid = children(child(parseXml(sheet), "sheetData"), "row").map((row, i) => {
      const cells: string[] = [];
      for (const c of children(row, "c")) {
        const at = c.attrs.r ? columnIndex(c.attrs.r) : cells.length;
        while (cells.length < at) cells.push("");
        cells[at] = cellText(c, shared, dates, base1904).replace(/\s+/g, " ").trim();
      }
      while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
      return { line: Number(row.attrs.r ?? i + 1), cells };
    });
  } catch (e) {
    if (e instanceof XmlError) return { error: XLSX_MESSAGES.broken(e.message) };
    throw e;
  }
  const filled = (r: CsvRow) => r.cells.filter((c) => c !== "").length;
  const rows = grid.filter((r) => filled(r) > 0);
  if (rows.length === 0) return { error: XLSX_MESSAGES.empty };
  const widest = Math.max(...rows.map(filled));
  const first = rows.findIndex((r) => filled(r) >= Math.max(2, Math.ceil(widest / 2)));
  if (first === -1) return { error: XLSX_MESSAGES.empty };
  const hasHeader = !rows[first]!.cells.some((c) => readDate(c).ok);
  const table = rows.slice(hasHeader ? first + 1 : first);
  const width = Math.max(rows[first]!.cells.length, ...table.map((r) => r.cells.length));
  const pad = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill("")];
  return {
    format: "xlsx",
    delimiter: "",
    header: hasHeader ? pad(rows[first]!.cells) : null,
    rows: table.map((r) => ({ line: r.line, cells: pad(r.cells) })),
    irregular: [],
    preamble: rows.slice(0, first).map((r) => r.cells.filter((c) => c !== "").join(" ")),
  };
}
