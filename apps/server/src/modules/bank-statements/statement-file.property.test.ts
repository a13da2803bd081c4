import { STATEMENT_FORMATS, STATEMENT_READ_FAILED, type TableRead } from "@app/shared/bank-statements/table";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { fc, test } from "@fast-check/vitest";
import { strToU8, zipSync } from "fflate";
import { afterAll, describe, expect } from "vitest";
import { createStatementReader } from "./statement-reader";

/**
 * Any file up to the size limit, in the shape of each format or none (issue 33, decision 078): read by the
 * worker with its production limits, it gives a table or a Portuguese refusal — never another exception,
 * and never the backstop's 'Não foi possível ler o arquivo…' (which would mean it ran out of the reader's
 * memory or time). Generated inputs are small; the `toTheLimit` ones repeat a generated piece up to 5 MB.
 */

const reader = createStatementReader();
afterAll(() => reader.close());

/** Every refusal the readers write starts so (decision 073's and 078's messages). */
const REFUSAL = /^(O arquivo|O extrato|O saldo|A primeira planilha) /;

function expectTableOrRefusal(read: TableRead) {
  if ("error" in read) {
    expect(read.error).not.toBe(STATEMENT_READ_FAILED);
    expect(read.error).toMatch(REFUSAL);
    return;
  }
  expect(STATEMENT_FORMATS).toContain(read.format);
  for (const row of read.rows) {
    expect(Number.isInteger(row.line)).toBe(true);
    for (const cell of row.cells) expect(typeof cell).toBe("string");
  }
  for (const { line, reason } of read.irregular) {
    expect(Number.isInteger(line)).toBe(true);
    expect(reason).toMatch(/^[A-ZÀ-Ú]/);
  }
}

const read = async (bytes: Uint8Array) => expectTableOrRefusal(await reader.read(bytes));
const text = (pieces: string[]) => strToU8(pieces.join(""));

/** A generated piece repeated up to the upload limit, inside `open` … `close`. */
const toTheLimit = (piece: fc.Arbitrary<string>, open = "", close = "") =>
  piece
    .filter((p) => p.length > 0)
    .map((p) => {
      const times = Math.floor((MAX_FILE_BYTES - open.length - close.length) / strToU8(p).length);
      return text([open, p.repeat(times), close]);
    });

const csvPiece = fc.constantFrom(
  ";",
  ",",
  "\t",
  "|",
  '"',
  '""',
  "\n",
  "\r\n",
  "\r",
  " ",
  "\u00a0",
  "1",
  "00",
  "150.000,00",
  "-1 500,50 D",
  "1E536870000",
  "25/11/2026",
  "2026-11-25",
  "Data",
  "TRF KPSQ 7RTX",
  "ç",
  "\uFEFF",
);
const csvText = fc.array(csvPiece, { maxLength: 400 }).map((p) => p.join(""));

const mt940Line = fc.oneof(
  fc.constantFrom(
    ":20:EXT",
    ":25:BFAOAOLU/004",
    ":28C:1/1",
    ":60F:C261101AOA1000,00",
    ":62F:C261130AOA1000,00",
    ":61:2611251125C150000,00NTRFNONREF",
    ":61:261131C1,NTRF",
    ":86:/REMI/TRF KPSQ 7RTX/ORDP//NAME/Ana",
    ":86:Comissão",
    "{1:F01X}{2:I940X}{4:",
    "-}",
    "-",
    "",
  ),
  fc.string({ maxLength: 80 }),
  fc.string({ maxLength: 30 }).map((s) => `:61:${s}`),
  fc.string({ maxLength: 30 }).map((s) => `:86:/${s}/`),
);
const mt940Text = fc
  .tuple(fc.array(mt940Line, { maxLength: 60 }), fc.constantFrom("\n", "\r\n", "\r"))
  .map(([lines, eol]) => [":20:X", ":25:Y", ...lines].join(eol));

const xmlText = fc.oneof(
  fc.constantFrom("150000.00", "1E536870000", "1.5E-2", "-1", "CRDT", "DBIT", "AOA", "2026-11-25", "true", ""),
  fc.constantFrom("&amp;", "&lt;", "&#x41;", "&#0;", "&bogus;", "<![CDATA[<x>]]>", "<!-- c -->", "<?pi x?>"),
  fc.string({ maxLength: 20 }),
);
const CAMT_NAMES = ["Document", "BkToCstmrStmt", "Stmt", "Ntry", "Amt", "CdtDbtInd", "RvslInd", "BookgDt", "ValDt"];
const camtNames = fc.constantFrom(...CAMT_NAMES, "Dt", "DtTm", "NtryDtls", "TxDtls", "RmtInf", "Ustrd", "Dbtr", "Nm");
const attribute = fc.oneof(
  fc.constantFrom(' Ccy="AOA"', " Ccy='USD'", ' xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"', ""),
  fc.string({ maxLength: 30 }).map((s) => ` ${s}`),
);
const { element: camtElement } = fc.letrec((tie) => ({
  element: fc
    .tuple(camtNames, attribute, fc.array(fc.oneof(xmlText, tie("element")), { maxLength: 4 }))
    .map(([name, attrs, inside]) => `<${name}${attrs}>${(inside as string[]).join("")}</${name}>`),
}));
const camtText = fc
  .tuple(fc.array(camtElement as fc.Arbitrary<string>, { maxLength: 6 }), fc.nat(), fc.boolean())
  .map(([entries, cut, whole]) => {
    const doc = `<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt>${entries.join("")}</Stmt></BkToCstmrStmt></Document>`;
    return whole ? doc : doc.slice(0, cut % (doc.length + 1));
  });

const cellRef = fc.oneof(
  fc.tuple(fc.constantFrom("A", "B", "C", "Z", "AA", "XFD", "XFE", "ZZZZZZZZ", "a", ""), fc.nat({ max: 2_000_000 })),
  fc.constant(["", 0] as [string, number]),
);
const sheetCell = fc
  .tuple(
    cellRef,
    fc.constantFrom("s", "inlineStr", "str", "b", "d", "e", "n", "x"),
    fc.constantFrom(...["0", "1", "2"]),
  )
  .chain(([[column, row], type, style]) =>
    xmlText.map((value) => {
      const ref = column === "" && row === 0 ? "" : ` r="${column}${row}"`;
      const inside = type === "inlineStr" ? `<is><r><t>${value}</t></r><rPh><t>x</t></rPh></is>` : `<v>${value}</v>`;
      return `<c${ref} t="${type}" s="${style}">${inside}</c>`;
    }),
  );
const sheetRow = fc
  .tuple(fc.option(fc.nat({ max: 2_000_000 })), fc.array(sheetCell, { maxLength: 8 }))
  .map(([r, cells]) => `<row${r === null ? "" : ` r="${r}"`}>${cells.join("")}</row>`);
const sheetXml = fc
  .array(sheetRow, { maxLength: 20 })
  .map((rows) => `<worksheet><sheetData>${rows.join("")}</sheetData></worksheet>`);
const sharedStringsXml = fc
  .array(fc.tuple(xmlText, fc.nat({ max: 5 })), { maxLength: 10 })
  .map(
    (items) =>
      `<sst>${items.map(([t, depth]) => `<si>${"<r>".repeat(depth)}<t>${t}</t>${"</r>".repeat(depth)}</si>`).join("")}</sst>`,
  );

const WORKBOOK = `<workbook><workbookPr date1904="0"/><sheets><sheet name="E" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`;
const STYLES = `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>`;

const xlsxFile = fc
  .tuple(sheetXml, sharedStringsXml, fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }))))
  .map(([sheet, shared, damage]) => {
    const zip = zipSync({
      "xl/workbook.xml": strToU8(WORKBOOK),
      "xl/_rels/workbook.xml.rels": strToU8(RELS),
      "xl/worksheets/sheet1.xml": strToU8(sheet),
      "xl/sharedStrings.xml": strToU8(shared),
      "xl/styles.xml": strToU8(STYLES),
    });
    if (damage) zip[damage[0] % zip.length] = damage[1]; // one byte changed anywhere
    return zip;
  });

describe("any statement file up to the size limit gives a table or a Portuguese refusal (issue 33)", () => {
  test.prop([fc.uint8Array({ maxLength: 4096 })])("any bytes", read, 120_000);
  test.prop([csvText])("CSV-shaped text", (s) => read(text([s])), 120_000);
  test.prop([mt940Text])("MT940-shaped text", (s) => read(text([s])), 120_000);
  test.prop([camtText])("CAMT.053-shaped XML", (s) => read(text([s])), 120_000);
  test.prop([xlsxFile])("XLSX-shaped ZIPs, whole or with a byte changed", read, 120_000);

  const large = { numRuns: 8 };
  test.prop([toTheLimit(csvText)], large)("CSV pieces repeated up to 5 MB", read, 300_000);
  test.prop([toTheLimit(mt940Text.map((s) => `${s}\n`))], large)("MT940 pieces repeated up to 5 MB", read, 300_000);
  const camtEntries = toTheLimit(
    camtElement as fc.Arbitrary<string>,
    "<Document><BkToCstmrStmt><Stmt>",
    "</Stmt></BkToCstmrStmt></Document>",
  );
  test.prop([camtEntries], large)("CAMT.053 elements repeated up to 5 MB", read, 300_000);
  // A sheet past the unzipped budget (40 MB) as often as under it: a 5 MB upload zips ~50 MB of rows.
  test.prop([sheetRow.filter((r) => r.length > 20), fc.integer({ min: 1, max: 48 * 1024 * 1024 })], { numRuns: 4 })(
    "XLSX rows repeated up to 48 MB unzipped",
    (row, bytes) =>
      read(
        zipSync({
          "xl/workbook.xml": strToU8(WORKBOOK),
          "xl/_rels/workbook.xml.rels": strToU8(RELS),
          "xl/worksheets/sheet1.xml": text([
            "<worksheet><sheetData>",
            row.repeat(Math.ceil(bytes / row.length)),
            "</sheetData></worksheet>",
          ]),
        }),
      ),
    300_000,
  );
});
