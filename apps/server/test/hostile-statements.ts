import { MAX_FILE_BYTES } from "@app/shared/limits";
import { deflateSync, strToU8 } from "fflate";
import { type XlsxCell, xlsxParts } from "./xlsx-writer.mjs";

/**
 * The statement files of issue 33 that took the server down, made here (a few KB each; the size-limit
 * ones 5 MB), and the means to make more: a ZIP written entry by entry, whose declared sizes may lie.
 */

type ZipEntry = { name: string; data: Uint8Array; size: number; method: 0 | 8 };

/** A ZIP of the entries as given (raw DEFLATE or stored data, the unzipped size it declares); CRCs left 0. */
export function zipOf(entries: ZipEntry[]): Uint8Array {
  const names = entries.map((e) => strToU8(e.name));
  const local = entries.reduce((n, e, i) => n + 30 + names[i]!.length + e.data.length, 0);
  const central = entries.reduce((n, _e, i) => n + 46 + names[i]!.length, 0);
  const out = new Uint8Array(local + central + 22);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let at = 0;
  entries.forEach((e, i) => {
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 8, e.method, true);
    view.setUint32(at + 18, e.data.length, true);
    view.setUint32(at + 22, e.size, true);
    view.setUint16(at + 26, names[i]!.length, true);
    out.set(names[i]!, at + 30);
    out.set(e.data, at + 30 + names[i]!.length);
    at += 30 + names[i]!.length + e.data.length;
  });
  const start = at;
  entries.forEach((e, i) => {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 10, e.method, true);
    view.setUint32(at + 20, e.data.length, true);
    view.setUint32(at + 24, e.size, true);
    view.setUint16(at + 28, names[i]!.length, true);
    view.setUint32(at + 42, offsets[i]!, true);
    out.set(names[i]!, at + 46);
    at += 46 + names[i]!.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, at - start, true);
  view.setUint32(at + 16, start, true);
  return out;
}

/** A part as a ZIP entry, deflated, declaring its true size. */
export const deflated = (name: string, text: string | Uint8Array): ZipEntry => {
  const bytes = typeof text === "string" ? strToU8(text) : text;
  return { name, data: deflateSync(bytes), size: bytes.length, method: 8 };
};

/** A statement every reader reads: a header and one credit line. */
export const STATEMENT_ROWS: XlsxCell[][] = [
  ["Banco Hostil"],
  ["Data", "Descritivo", "Valor"],
  [{ date: "2026-11-25" }, "TRF PROPINA", 150000],
];

/** A workbook of `rows` whose parts may be replaced (`parts`) and added to (`more` entries). */
export function xlsxWith(parts: Record<string, string> = {}, more: ZipEntry[] = []): Uint8Array {
  const all = { ...xlsxParts(STATEMENT_ROWS), ...parts };
  return zipOf([...Object.entries(all).map(([name, text]) => deflated(name, text)), ...more]);
}

const SHEET = "xl/worksheets/sheet1.xml";
const worksheet = (rows: string) =>
  `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

const camt = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>EXT</Id>${entries}</Stmt></BkToCstmrStmt></Document>`;
const camtEntry = (amount: string) =>
  `<Ntry><Amt Ccy="AOA">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-25</Dt></BookgDt></Ntry>`;

/** Text repeated up to the upload limit. */
const toTheLimit = (unit: string) => strToU8(unit.repeat(Math.floor(MAX_FILE_BYTES / unit.length)));

const MB = 1024 * 1024;
/** Bytes no inflater accepts (block type 3 is reserved in DEFLATE). */
const NOT_DEFLATE = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
/** 100 MB of zeros, deflated once (~100 KB) and shared by the entries that need it. */
let zeros: Uint8Array | undefined;
const hundredMbOfZeros = () => {
  zeros ??= deflateSync(new Uint8Array(100 * MB), { level: 9 });
  return zeros;
};

export const hostileStatements = {
  /** A 1.2 KB CAMT.053 of ten amounts `1E536870000`: 537 million digits each once the exponent is padded. */
  camtHugeExponents: () => strToU8(camt(camtEntry("1E536870000").repeat(10))),
  /** One attribute name of 60 000 characters (read in quadratic time by a regular expression). */
  camtLongAttributeName: () => strToU8(camt(`<Ntry ${"a".repeat(60_000)}>${camtEntry("1").slice(6)}`)),
  /** An XLSX whose one cell is in column ZZZZZZZZ (an array filled for 17 s, then a RangeError). */
  xlsxFarColumn: () => xlsxWith({ [SHEET]: worksheet(`<row r="1"><c r="ZZZZZZZZ1"><v>1</v></c></row>`) }),
  /**
   * Twelve unused parts of 100 MB each (1.2 MB zipped): a reader that inflates them holds 1.2 GB. And one
   * unused part that is not DEFLATE at all: only a reader that opens what it does not need meets it.
   */
  xlsxUnusedBombs: () =>
    xlsxWith({}, [
      ...Array.from({ length: 12 }, (_, i) => ({
        name: `xl/media/pad${i}.xml`,
        data: hundredMbOfZeros(),
        size: 100 * MB,
        method: 8 as const,
      })),
      { name: "xl/media/broken.xml", data: NOT_DEFLATE, size: 1024, method: 8 },
    ]),
  /** A sheet that declares 100 MB (and is not even DEFLATE): refused by its declared size, never opened. */
  xlsxDeclaredHugeSheet: () =>
    zipOf([
      ...Object.entries(xlsxParts(STATEMENT_ROWS))
        .filter(([name]) => name !== SHEET)
        .map(([name, text]) => deflated(name, text)),
      { name: SHEET, data: NOT_DEFLATE, size: 100 * MB, method: 8 },
    ]),
  /** The first sheet declares 2 KB and inflates to 100 MB (declared sizes can lie). */
  xlsxLyingSheet: () =>
    zipOf([
      ...Object.entries(xlsxParts(STATEMENT_ROWS))
        .filter(([name]) => name !== SHEET)
        .map(([name, text]) => deflated(name, text)),
      { name: SHEET, data: hundredMbOfZeros(), size: 2048, method: 8 },
    ]),
  /** A shared string nested 20 000 elements deep (a recursive reader runs out of stack). */
  xlsxDeepSharedString: () =>
    xlsxWith({
      "xl/sharedStrings.xml": `<sst><si><t>Data</t></si><si><t>Descritivo</t></si><si>${"<r>".repeat(20_000)}<t>TRF FUNDO</t>${"</r>".repeat(20_000)}</si></sst>`,
      [SHEET]: worksheet(
        `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>25/11/2026</t></is></c><c r="B2" t="s"><v>2</v></c></row>`,
      ),
    }),
  /** 130 000 rows of one sheet (`Math.max(...rows)` overflows past ~120 000). */
  xlsxManyRows: () =>
    xlsxWith({
      [SHEET]: worksheet(
        Array.from({ length: 130_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join(""),
      ),
    }),
  /** 5 MB of `1,00,`: one line of two million cells, each pair an amount cut by its decimal comma. */
  csvCutAmounts: () => toTheLimit("1,00,"),
  /** 5 MB of `a;b` lines: 1.3 million rows. */
  csvShortLines: () => toTheLimit("a;b\n"),
};

/**
 * An honest CSV statement at the upload limit, within every limit of decision 078: ~42 000 lines of 4
 * columns, or with `wide` ~40 000 lines of 10 columns (400 000 cells: a larger table to hold).
 */
export function csvAtTheLimit({ wide = false } = {}): Uint8Array {
  const lines = [
    "Banco Limite",
    wide ? "Data;Descritivo;Valor;Ordenante;Conta;Agência;Canal;Doc;Saldo;Obs" : "Data;Descritivo;Valor;Ordenante",
  ];
  let size = 100;
  for (let i = 0; size < MAX_FILE_BYTES - 200; i++) {
    const date = `${String(1 + (i % 28)).padStart(2, "0")}/11/2026`;
    const line = wide
      ? `${date};TRF PROPINA ${i} CURSO DE GESTAO;150.000,00;Aluno ${i} da Silva;0040 0000 ${i};Agencia Talatona;Internet;DOC${i};1.500.000,00;Sem observacoes`
      : `${date};TRF PROPINA REF ${100000 + i} CURSO DE CONTABILIDADE E GESTAO FINANCEIRA TURMA B;150.000,00;Aluno Numero ${i} da Silva`;
    lines.push(line);
    size += line.length + 2;
  }
  return strToU8(lines.join("\r\n"));
}
