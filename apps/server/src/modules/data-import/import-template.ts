import { IMPORT_SPECS, type ImportKind } from "@app/shared/data-import/kinds";
import ExcelJS from "exceljs";

/**
 * A kind's template (decision 097): the first sheet has the columns in Portuguese (required ones marked in
 * bold red) and one example row, the form the import reads; the second lists each column, whether it is
 * required, its format and a list column's allowed values.
 */
export async function importTemplate(kind: ImportKind): Promise<Uint8Array> {
  const spec = IMPORT_SPECS[kind];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(spec.label);
  sheet.addRow(spec.columns.map((c) => c.label));
  sheet.addRow(spec.columns.map((c) => c.example));
  spec.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.max(14, c.label.length + 4, c.example.length + 2);
    column.numFmt = "@"; // text: Excel keeps 150.000,00, 00244… and 15/03/2001 as typed
    sheet.getCell(1, i + 1).font = { bold: true, color: c.required ? { argb: "FFB00020" } : undefined };
  });
  const guide = book.addWorksheet("Colunas e valores");
  guide.addRow(["Coluna", "Obrigatória", "Formato", "Valores permitidos"]).font = { bold: true };
  for (const c of spec.columns) {
    guide.addRow([c.label, c.required ? "Sim" : "Não", c.hint ?? "", c.options?.map((o) => o.label).join("; ") ?? ""]);
  }
  guide.addRow([]);
  guide.addRow([`Linhas com a mesma chave atualizam o que já existe: ${spec.key}.`]);
  guide.columns.forEach((col, i) => {
    col.width = [28, 12, 34, 90][i];
  });
  return new Uint8Array(await book.xlsx.writeBuffer());
}
