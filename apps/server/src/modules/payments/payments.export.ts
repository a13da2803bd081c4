import { PassThrough, Readable } from "node:stream";
import { PAYMENT_STATUS_LABELS } from "@app/shared/enums";
import { paymentDifferenceLabel } from "@app/shared/payment-balance";
import type { PaymentRow } from "@app/shared/schemas/payments";
import ExcelJS from "exceljs";

/**
 * The Financeiro exports, written as the rows arrive (decision 058): the caller gives the rows in batches
 * (an async iterable read from the database a batch at a time) and gets a web stream of bytes that asks for
 * the next batch only when the client has taken what came before, so a 40 000-row export holds one batch
 * in memory, whatever the client's speed.
 */
export type Batches = AsyncIterable<PaymentRow[]>;

/**
 * Reads the first batch before anything is sent, so a database that is down answers the usual 503 (not
 * a download cut after its first line); the batches then start again with that one.
 */
export async function firstBatchRead(batches: AsyncIterable<PaymentRow[]>): Promise<Batches> {
  const source = batches[Symbol.asyncIterator]();
  const first = await source.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        if (first.done) return;
        yield first.value;
        for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
      } finally {
        await source.return?.();
      }
    },
  };
}

export const PAYMENT_EXPORT_HEADERS = [
  "Data",
  "Aluno",
  "Telefone",
  "Curso",
  "Valor (Kz)",
  "Método",
  "Estado",
  "Cód. Referência",
  "Observações",
  "Diferença",
  "Motivo da diferença",
] as const;
export const PAYMENT_EXPORT_WIDTHS = [12, 28, 12, 28, 14, 22, 12, 16, 40, 40, 40];

export const paymentExportCells = (r: PaymentRow) => [
  r.paymentDate.split("-").reverse().join("/"),
  r.studentName,
  r.studentPhone,
  r.courseName,
  r.amount,
  r.paymentMethodLabel,
  PAYMENT_STATUS_LABELS[r.status],
  r.paymentReferenceCode ?? "",
  r.notes ?? "",
  paymentDifferenceLabel({ balanceAfter: r.balanceAfter, differenceAccepted: r.differenceReason !== null }),
  r.differenceReason ?? "",
];

/** A CSV cell: quoted when it holds the separator, a quote or a line break; formulas neutralised. */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return value.toFixed(2).replace(".", ",");
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row as a CSV line ending in CRLF: ';' between cells, amounts with a decimal comma. */
export const csvLine = (values: readonly (string | number)[]) => `${values.map(csvCell).join(";")}\r\n`;
/** What a CSV export starts with: the BOM (Excel then reads UTF-8) and the header line. */
export const csvHead = (headers: readonly string[]) => `\uFEFF${csvLine(headers)}`;

/** One batch as CSV lines, each ending in CRLF. */
const csvLines = (rows: PaymentRow[]) => rows.map((r) => csvLine(paymentExportCells(r))).join("");

/**
 * CSV for Excel in Portuguese: ';' separator, decimal comma, CRLF, UTF-8 with a BOM. One chunk per batch,
 * pulled: the next batch is read from the database when the client has taken the previous one.
 */
export function paymentsCsvStream(batches: Batches): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const head = started ? "" : csvHead(PAYMENT_EXPORT_HEADERS);
        started = true;
        const next = await source.next();
        if (next.done) {
          if (head) controller.enqueue(encoder.encode(head));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(head + csvLines(next.value)));
      },
      async cancel() {
        await source.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/** Calendar date `YYYY-MM-DD` as the UTC midnight Excel shows as that day. */
const excelDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};

/** A writable's state, as Node's streams and the `readable-stream` copies inside archiver both keep it. */
export type Drainable = {
  once(event: "drain", listener: () => void): unknown;
  _writableState?: { needDrain: boolean };
};

/** Until each stream has passed on what it was asked to write (its 'drain' after a refused write). */
export async function drained(streams: Drainable[]) {
  for (const s of streams) {
    while (s._writableState?.needDrain) await new Promise<void>((done) => s.once("drain", done));
  }
}

/**
 * Where exceljs (4.4) sends a sheet's XML: its StreamBuf forwards 64 KB chunks to archiver's input without
 * waiting, so without this wait the uncompressed XML piles up while zlib compresses (~0.4 MB per 1 000
 * rows, 17 MB for 40 000). Not part of exceljs's documented API: when absent, only the output is awaited.
 */
export const sheetPipes = (sheet: ExcelJS.Worksheet): Drainable[] =>
  (sheet as unknown as { stream?: { pipes?: Drainable[] } }).stream?.pipes ?? [];

/**
 * XLSX with exceljs's streaming writer: dates and amounts as values (dd/mm/yyyy, #,##0.00), bold header.
 * Each batch's rows are committed (written to the zip) at once; before reading the next batch it waits
 * until the zip has taken the sheet's XML and the client the zip's bytes.
 */
export function paymentsXlsxStream(batches: Batches): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  void writeXlsx(batches, out).catch((err: unknown) => out.destroy(err as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

async function writeXlsx(batches: Batches, out: PassThrough) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet("Pagamentos");
  sheet.columns = PAYMENT_EXPORT_HEADERS.map((header, i) => ({
    header,
    width: PAYMENT_EXPORT_WIDTHS[i],
    style: i === 0 ? { numFmt: "dd/mm/yyyy" } : i === 4 ? { numFmt: "#,##0.00" } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of batches) {
    if (out.destroyed) return;
    for (const r of rows) {
      const values: (string | number | Date)[] = paymentExportCells(r);
      values[0] = excelDate(r.paymentDate);
      sheet.addRow(values).commit();
    }
    await drained(sheetPipes(sheet));
    await drained([out]);
  }
  sheet.commit();
  await book.commit();
}
