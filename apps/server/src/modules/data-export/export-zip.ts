import { PassThrough, type Readable, Writable } from "node:stream";
import ExcelJS from "exceljs";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Database } from "../../db/client";
import { csvHead, csvLine, drained, sheetPipes } from "../payments/payments.export";
import { EXPORT_TABLES, type ExportTable } from "./export-tables";

/**
 * 'Exportar todos os dados' (decision 101) as a ZIP made while it is sent: for each table a CSV, then an
 * XLSX, each entry written a batch at a time; the next batch is read only when the client has taken the
 * bytes before it (the output's 'drain'), so memory stays one batch whatever the size of the installation.
 */

export const EXPORT_README = [
  "Exportação de todos os dados do portal.",
  "",
  "Cada tabela vem em CSV (UTF-8, separador ';', vírgula decimal) e em Excel (XLSX).",
  "Os arquivos cursos, professores, turmas e alunos-e-inscricoes têm as colunas de 'Importar dados':",
  "importe-os nessa ordem em outra instalação para trazer os mesmos dados (alunos-e-inscricoes como 'Alunos e inscrições').",
  "Uma inscrição em um estado que a importação não aceita (por exemplo Rejeitado) aparece com esse estado e",
  "não é importada.",
  "",
  "Os arquivos dos documentos e dos comprovantes não vão nesta exportação: estão na cópia de segurança.",
  "",
].join("\r\n");

const encoder = new TextEncoder();

/** Until the output has room again (or is gone: a client that left stops the export). */
async function room(out: PassThrough) {
  if (out.destroyed || !out.writableNeedDrain) return;
  await new Promise<void>((done) => {
    const go = () => {
      out.off("drain", go);
      out.off("close", go);
      done();
    };
    out.once("drain", go);
    out.once("close", go);
  });
}

async function writeCsv(zip: Zip, out: PassThrough, table: ExportTable, db: Database) {
  const entry = new ZipDeflate(`${table.file}.csv`, { level: 6 });
  zip.add(entry);
  entry.push(encoder.encode(csvHead(table.headers)));
  for await (const rows of table.rows(db)) {
    if (out.destroyed) return;
    entry.push(encoder.encode(rows.map(csvLine).join("")));
    await room(out);
  }
  entry.push(new Uint8Array(0), true);
}

/** An XLSX is already compressed: stored as it comes from exceljs's streaming writer. */
async function writeXlsx(zip: Zip, out: PassThrough, table: ExportTable, db: Database) {
  const entry = new ZipPassThrough(`${table.file}.xlsx`);
  zip.add(entry);
  const sink = new Writable({
    write(chunk: Uint8Array, _encoding, done) {
      entry.push(chunk);
      room(out).then(() => done(), done);
    },
    final(done) {
      entry.push(new Uint8Array(0), true);
      done();
    },
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(table.sheet);
  sheet.columns = table.headers.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of table.rows(db)) {
    if (out.destroyed) return;
    for (const values of rows) {
      const row = sheet.addRow(values);
      values.forEach((v, i) => {
        if (typeof v === "number") row.getCell(i + 1).numFmt = "#,##0.00";
      });
      row.commit();
    }
    await drained(sheetPipes(sheet));
    await drained([sink]);
  }
  sheet.commit();
  await book.commit();
}

/** The whole export as a Node stream of the ZIP's bytes. */
export function exportZip(db: Database): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    const readme = new ZipDeflate("LEIA-ME.txt", { level: 6 });
    zip.add(readme);
    readme.push(encoder.encode(EXPORT_README), true);
    for (const table of EXPORT_TABLES) {
      await writeCsv(zip, out, table, db);
      await writeXlsx(zip, out, table, db);
      if (out.destroyed) return;
    }
    zip.end();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
