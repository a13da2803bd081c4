import { looksLikeXml, readCamt053 } from "@app/shared/bank-statements/camt053";
import { splitCsv } from "@app/shared/bank-statements/csv";
import { looksLikeMt940, readMt940 } from "@app/shared/bank-statements/mt940";
import { FORMATS_HINT, type TableRead } from "@app/shared/bank-statements/table";
import { firstSheetPath, readXlsxSheet, XLSX_MESSAGES, type XlsxParts } from "@app/shared/bank-statements/xlsx";
import { XmlError } from "@app/shared/bank-statements/xml";
import { unzipSync } from "fflate";

/**
 * A statement file read by its content, not its name (issue 25, decision 073): a ZIP is an XLSX (unzipped
 * here with fflate; the sheet is read by the shared pure functions), text starting with '<' is CAMT.053,
 * text with `:20:` and `:25:` fields is MT940, any other text is CSV. Every format gives the same table.
 */

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An unzipped part larger than this is refused (a 5 MB upload cannot hold an honest sheet bigger than it). */
const MAX_PART_BYTES = 100 * 1024 * 1024;
const PARTS = {
  workbook: "xl/workbook.xml",
  workbookRels: "xl/_rels/workbook.xml.rels",
  sharedStrings: "xl/sharedStrings.xml",
  styles: "xl/styles.xml",
} as const;

const notAStatement = { error: `O ficheiro não é um extrato que se possa ler. ${FORMATS_HINT}` };

function readXlsx(bytes: Uint8Array): TableRead {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) =>
        f.name.startsWith("xl/") &&
        (f.name.endsWith(".xml") || f.name.endsWith(".rels")) &&
        f.originalSize <= MAX_PART_BYTES,
    });
  } catch {
    return { error: XLSX_MESSAGES.broken("não é um ZIP legível") };
  }
  const text = (name: string) => (files[name] ? new TextDecoder().decode(files[name]) : undefined);
  if (!files[PARTS.workbook]) return notAStatement;
  const parts: XlsxParts = Object.fromEntries(Object.entries(PARTS).map(([key, name]) => [key, text(name)]));
  try {
    const sheet = text(firstSheetPath(parts));
    return sheet === undefined ? { error: XLSX_MESSAGES.noSheet } : readXlsxSheet(sheet, parts);
  } catch (e) {
    if (e instanceof XmlError) return { error: XLSX_MESSAGES.broken(e.message) };
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
  if ("error" in table) return { error: `${table.error}. ${FORMATS_HINT}` };
  return { format: "csv", ...table };
}
