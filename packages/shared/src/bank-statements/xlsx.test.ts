import { describe, expect, it } from "vitest";
import { STATEMENT_MAX_CELLS, STATEMENT_MAX_ROWS } from "../limits";
import { decimalText, TABLE_LIMIT_MESSAGES } from "./table";
import { firstSheetPath, readXlsxSheet, XLSX_MESSAGES } from "./xlsx";

/** The parts of a small XLSX as Excel writes them (issue 25, decision 073). */
const NS = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`;
const workbook = `<workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
  <workbookPr/><sheets><sheet name="Extrato" sheetId="3" r:id="rId7"/><sheet name="Outra" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const workbookRels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/>
  <Relationship Id="rId7" Type="worksheet" Target="/xl/worksheets/sheet3.xml"/></Relationships>`;
const sharedStrings = `<sst ${NS} count="6" uniqueCount="6">
  <si><t>Banco Exemplo Angola</t></si><si><t>Data</t></si><si><t>Descritivo</t></si>
  <si><r><t>Cré</t></r><r><rPr><b/></rPr><t>dito</t></r><rPh><t>X</t></rPh></si>
  <si><t xml:space="preserve">  TRF PROPINA   KPSQ 7RTX </t></si><si><t>Ordenante</t></si></sst>`;
const styles = `<styleSheet ${NS}><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/>
  <numFmt numFmtId="165" formatCode="#,##0.00 &quot;Kz&quot;"/></numFmts>
  <cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="14"/></cellXfs></styleSheet>`;
const sheet = `<worksheet ${NS}><sheetData>
  <row r="1"><c r="A1" t="s"><v>0</v></c></row>
  <row r="2"><c r="A2" t="inlineStr"><is><t>Conta: 0040</t></is></c></row>
  <row r="3"/>
  <row r="4"><c r="A4" t="s"><v>1</v></c><c r="B4" t="s"><v>2</v></c><c r="C4" t="s"><v>3</v></c><c r="D4" t="s"><v>5</v></c></row>
  <row r="5"><c r="A5" s="1"><v>46351</v></c><c r="B5" t="s"><v>4</v></c><c r="C5" s="2"><v>150000.5</v></c><c r="D5" t="str"><v>Ana Pagadora</v></c></row>
  <row r="6"><c r="A6" s="3"><v>46352.75</v></c><c r="B6" t="inlineStr"><is><t>REF 00123</t></is></c><c r="C6"><v>140000.49999999999</v></c></row>
  <row r="7"><c r="A7" s="1"/><c r="B7"/></row>
  <row r="8"><c r="A8" t="inlineStr"><is><t>27/11/2026</t></is></c><c r="B8"><v>123456</v></c><c r="C8"><v>1.5E-2</v></c><c r="D8" t="b"><v>1</v></c></row>
</sheetData></worksheet>`;

describe("readXlsxSheet", () => {
  it("finds the first sheet through the workbook's relationships", () => {
    expect(firstSheetPath({ workbook, workbookRels })).toBe("xl/worksheets/sheet3.xml");
    expect(firstSheetPath({})).toBe("xl/worksheets/sheet1.xml");
  });

  it("reads text as typed, numbers by their digits, dates as DD/MM/YYYY; lines above the table are the preamble", () => {
    expect(readXlsxSheet(sheet, { workbook, sharedStrings, styles })).toEqual({
      format: "xlsx",
      delimiter: "",
      header: ["Data", "Descritivo", "Crédito", "Ordenante"],
      preamble: ["Banco Exemplo Angola", "Conta: 0040"],
      rows: [
        { line: 5, cells: ["25/11/2026", "TRF PROPINA KPSQ 7RTX", "150000,50", "Ana Pagadora"] },
        { line: 6, cells: ["26/11/2026", "REF 00123", "140000,50", ""] },
        { line: 8, cells: ["27/11/2026", "123456", "0,015", "VERDADEIRO"] },
      ],
      irregular: [],
    });
  });

  it("counts dates from 1904 when the workbook says so, and refuses a broken or empty sheet", () => {
    const w1904 = workbook.replace("<workbookPr/>", '<workbookPr date1904="1"/>');
    const read = readXlsxSheet(sheet, { workbook: w1904, sharedStrings, styles });
    expect("rows" in read && read.rows[0]!.cells[0]).toBe("26/11/2030");
    expect(readXlsxSheet(sheet.replace("</row>", ""), { sharedStrings })).toEqual({
      error: XLSX_MESSAGES.broken("</sheetData> na linha 10 sem abertura"),
    });
    expect(readXlsxSheet(`<worksheet ${NS}><sheetData><row r="1"/></sheetData></worksheet>`, {})).toEqual({
      error: XLSX_MESSAGES.empty,
    });
  });
});

describe("readXlsxSheet against sheets built to take the server down (issue 33)", () => {
  const rows = (xml: string) => `<worksheet ${NS}><sheetData>${xml}</sheetData></worksheet>`;
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const table = `<row r="1">${cell("A1", "Data")}${cell("B1", "Valor")}</row>`;

  it("refuses a cell past column XFD or row 1 048 576, and a row past the sheet", () => {
    const outside = "fica fora da planilha, que vai de A1 a XFD1048576";
    for (const ref of ["ZZZZZZZZ1", "XFE1", "A1048577", "a1", "A0"]) {
      expect(readXlsxSheet(rows(`<row r="1">${cell(ref, "x")}</row>`), {}), ref).toEqual({
        error: XLSX_MESSAGES.broken(`a célula ${ref} ${outside}`),
      });
    }
    expect(readXlsxSheet(rows(`<row r="1048577">${cell("A1", "x")}</row>`), {})).toEqual({
      error: XLSX_MESSAGES.broken("a linha 1048577 fica fora da planilha, que vai até a linha 1048576"),
    });
  });

  it("refuses a filled cell past the column limit; an empty styled one there is nothing", () => {
    expect(readXlsxSheet(rows(`${table}<row r="2">${cell("HA2", "x")}</row>`), {})).toEqual({
      error: TABLE_LIMIT_MESSAGES.columns,
    });
    const styled = readXlsxSheet(rows(`${table}<row r="2">${cell("A2", "25/11/2026")}<c r="XFD2" s="1"/></row>`), {});
    expect("rows" in styled && styled.rows).toEqual([{ line: 2, cells: ["25/11/2026", ""] }]);
  });

  it("refuses more rows or cells than the limits, without spreading them as arguments", () => {
    const number = "<c><v>1</v></c>";
    const many = `<row>${number}</row>`.repeat(STATEMENT_MAX_ROWS + 1);
    expect(readXlsxSheet(rows(many), {})).toEqual({ error: TABLE_LIMIT_MESSAGES.rows });
    const full = `<row>${number.repeat(20)}</row>`.repeat(STATEMENT_MAX_CELLS / 20 + 1);
    expect(readXlsxSheet(rows(full), {})).toEqual({ error: TABLE_LIMIT_MESSAGES.cells });
  }, 30_000);

  it("reads a shared string nested 20 000 deep, leaving out its phonetic guides", () => {
    const deep = `<sst><si>${"<r>".repeat(20_000)}<t>TRF</t><rPh><t>X</t></rPh>${"</r>".repeat(20_000)}</si><si><t>Data</t></si></sst>`;
    const sheet = rows(`<row r="1"><c r="A1" t="s"><v>1</v></c>${cell("B1", "Texto")}</row>
      <row r="2">${cell("A2", "25/11/2026")}<c r="B2" t="s"><v>0</v></c></row>`);
    const read = readXlsxSheet(sheet, { sharedStrings: deep });
    expect("rows" in read && read.rows).toEqual([{ line: 2, cells: ["25/11/2026", "TRF"] }]);
  });
});

describe("decimalText", () => {
  it("turns a decimal into the pt-AO text readAmount reads, by its digits", () => {
    expect(decimalText("150000.5", ".")).toBe("150000,50");
    expect(decimalText("150000.00", ".")).toBe("150000,00");
    expect(decimalText("0.10", ".")).toBe("0,10");
    expect(decimalText("12.3400", ".")).toBe("12,34");
    expect(decimalText("12.345", ".")).toBe("12,345");
    expect(decimalText("-1500", ".")).toBe("-1500");
    expect(decimalText("1.5E3", ".")).toBe("1500");
    expect(decimalText("150000,", ",")).toBe("150000");
    expect(decimalText(",5", ",")).toBe("0,50");
    expect(decimalText("0.30000000000000004", ".", 15)).toBe("0,30");
    expect(decimalText("99999.999999999999", ".", 15)).toBe("100000,00");
    expect(decimalText("1.500,00", ".")).toBeNull();
    expect(decimalText("", ".")).toBeNull();
  });
});
