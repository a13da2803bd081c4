import { looksLikeXml, readCamt053 } from "@app/shared/bank-statements/camt053";
import { CSV_NO_TABLE, splitCsv } from "@app/shared/bank-statements/csv";
import { looksLikeMt940, readMt940 } from "@app/shared/bank-statements/mt940";
import { FORMATS_HINT, type TableRead } from "@app/shared/bank-statements/table";
import { firstSheetPath, readXlsxSheet, XLSX_MESSAGES, type XlsxParts } from "@app/shared/bank-statements/xlsx";
import { XmlError } from "@app/shared/bank-statements/xml";
import { openXlsx, ZIP_MESSAGES, ZipError } from "./xlsx-zip";

/**
 * A statement file read by its content, not its name (issue 25, decision 073): a ZIP is an XLSX (its parts
 * unzipped by `xlsx-zip.ts`; the sheet is read by the shared pure functions), text starting with '<' is CAMT.053,
 * text with `:20:` and `:25:` fields is MT940, any other text is CSV. Every format gives the same table.
 */

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PARTS = {
  workbook: "xl/workbook.xml",
  workbookRels: "xl/_rels/workbook.xml.rels",
  sharedStrings: "xl/sharedStrings.xml",
  styles: "xl/styles.xml",
} as const;

/** A file that is no table of any format read (a picture, a Word file): the statements' words. */
export const NOT_A_STATEMENT = `O arquivo não é um extrato que se possa ler. ${FORMATS_HINT}`;
const notAStatement = { error: NOT_A_STATEMENT };

/**
 * Only the parts the sheet needs are inflated (decision 078): the workbook and its rels (to find the first
 * sheet), then that sheet, the shared strings, and the styles when a cell of the sheet has one.
 */
function readXlsx(bytes: Uint8Array): TableRead {
  try {
    const zip = openXlsx(bytes);
    if (!zip.has(PARTS.workbook)) return notAStatement;
    if (!zip.fits([PARTS.workbook, PARTS.workbookRels])) return { error: XLSX_MESSAGES.broken(ZIP_MESSAGES.tooLarge) };
    const parts: XlsxParts = { workbook: zip.text(PARTS.workbook), workbookRels: zip.text(PARTS.workbookRels) };
    const sheetPath = firstSheetPath(parts);
    if (!zip.has(sheetPath)) return { error: XLSX_MESSAGES.noSheet };
    if (!zip.fits([sheetPath, PARTS.sharedStrings])) return { error: XLSX_MESSAGES.broken(ZIP_MESSAGES.tooLarge) };
    const sheet = zip.text(sheetPath)!;
    parts.sharedStrings = zip.text(PARTS.sharedStrings);
    if (sheet.includes(' s="')) parts.styles = zip.text(PARTS.styles);
    return readXlsxSheet(sheet, parts);
  } catch (e) {
    if (e instanceof XmlError || e instanceof ZipError) return { error: XLSX_MESSAGES.broken(e.message) };
    throw e;
  }
}

/** UTF-8, or Windows-1252 when the bytes are not UTF-8. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The statement's table, whatever its format, or why it cannot be read (naming the formats read). */
export function readStatementFile(bytes: Uint8Array): TableRead {
  if (ZIP.every((b, i) => bytes[i] === b)) return readXlsx(bytes);
  const text = decode(bytes);
  if (text.includes("\u0000")) return notAStatement;
  if (looksLikeXml(text)) return readCamt053(text);
  if (looksLikeMt940(text)) return readMt940(text);
  const table = splitCsv(text);
  // No table at all may be another format: the formats read are named. A table past the limits is not.
  if ("error" in table)
    return { error: table.error === CSV_NO_TABLE ? `${table.error}. ${FORMATS_HINT}` : table.error };
  return { format: "csv", ...table };
}
