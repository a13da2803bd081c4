import { formatCertificateNumber } from "@app/shared/certificate-number";
import { formatDate } from "@app/shared/dates";
import { workloadLabel } from "@app/shared/rules";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";

/** What a certificate states, stored with it: the PDF, the credential and the verification show the same. */
export interface CertificateSnapshot {
  /** Canonical number (no dashes). */
  number: string;
  studentName: string;
  courseName: string;
  workloadHours: number | null;
  durationMonths: number;
  completionDate: string; // YYYY-MM-DD
  issueDate: string; // YYYY-MM-DD
}

export interface CertificateContent extends CertificateSnapshot {
  instituteName: string;
  /** The public page the QR code opens: {PUBLIC_URL}/verificar/{number}. */
  verifyUrl: string;
}

const INK = rgb(0.1, 0.14, 0.22);
const ACCENT = rgb(0.12, 0.33, 0.55);
const MUTED = rgb(0.33, 0.36, 0.42);

/**
 * pdf-lib's standard fonts encode WinAnsi, which covers Portuguese (á é í ó ú â ê ô ã õ ç à). A
 * character outside it (a name in another script) is printed without its accent when it has a
 * WinAnsi base letter, otherwise as '?', instead of failing the whole issue.
 */
function printable(font: PDFFont, text: string): string {
  const encodable = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of text.normalize("NFC")) {
    if (encodable.has(ch.codePointAt(0)!)) out += ch;
    else {
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      out += [...base].every((c) => encodable.has(c.codePointAt(0)!)) && base ? base : "?";
    }
  }
  return out;
}

/** Draws a line centred on the page, shrinking the size until it fits the width. */
function centered(page: PDFPage, font: PDFFont, raw: string, y: number, size: number, color = INK) {
  const text = printable(font, raw);
  const maxWidth = page.getWidth() - 160;
  let s = size;
  while (s > 9 && font.widthOfTextAtSize(text, s) > maxWidth) s -= 1;
  const width = font.widthOfTextAtSize(text, s);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size: s, font, color });
}

/** The QR code as vector squares (crisp at any zoom, no image): runs of dark modules per row. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (quiet + start) * cell,
        y: y + size - (quiet + row + 1) * cell,
        width: (col - start) * cell,
        // A hair taller than the cell, so rows do not show seams when the viewer anti-aliases.
        height: cell + 0.25,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** The certificate: A4 landscape, the institute, student, course, length, dates, number and a QR code. */
export async function buildCertificatePdf(c: CertificateContent): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const number = formatCertificateNumber(c.number);
  doc.setTitle(`Certificado ${number}`);
  doc.setAuthor(c.instituteName);
  doc.setSubject(`Certificado de conclusão: ${c.courseName}`);
  doc.setCreator(c.instituteName);
  doc.setProducer("pdf-lib");
  doc.setLanguage("pt-AO");

  const page = doc.addPage([841.89, 595.28]);
  const [regular, bold, title, name] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.TimesRomanBold),
    doc.embedFont(StandardFonts.TimesRomanBoldItalic),
  ]);
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: ACCENT, borderWidth: 0.8 });

  centered(page, bold, c.instituteName.toUpperCase(), height - 92, 18, ACCENT);
  centered(page, title, "CERTIFICADO DE CONCLUSÃO", height - 150, 36);
  centered(page, regular, "Certificamos que", height - 200, 14, MUTED);
  centered(page, name, c.studentName, height - 245, 32);
  centered(page, regular, "concluiu com aproveitamento o curso", height - 285, 14, MUTED);
  centered(page, bold, c.courseName, height - 322, 22);
  const length = c.workloadHours
    ? `com a carga horária de ${workloadLabel(c.workloadHours, c.durationMonths)}`
    : `com a duração de ${workloadLabel(null, c.durationMonths)}`;
  centered(page, regular, `${length}, concluído em ${formatDate(c.completionDate)}.`, height - 356, 14, MUTED);

  const left = 70;
  page.drawText(printable(regular, `Emitido em ${formatDate(c.issueDate)}`), {
    x: left,
    y: 128,
    size: 12,
    font: regular,
    color: INK,
  });
  page.drawText("Certificado n.º", { x: left, y: 104, size: 12, font: regular, color: MUTED });
  page.drawText(number, { x: left + regular.widthOfTextAtSize("Certificado n.º ", 12), y: 104, size: 12, font: bold });
  page.drawText(printable(regular, `Verifique a autenticidade em ${c.verifyUrl}`), {
    x: left,
    y: 80,
    size: 9,
    font: regular,
    color: MUTED,
  });

  const qrSize = 112;
  drawQr(page, c.verifyUrl, width - 70 - qrSize, 62, qrSize);
  page.drawText("Verificar", {
    x: width - 70 - qrSize / 2 - regular.widthOfTextAtSize("Verificar", 9) / 2,
    y: 50,
    size: 9,
    font: regular,
    color: MUTED,
  });

  return Buffer.from(await doc.save());
}
