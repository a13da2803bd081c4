import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** Opens a PDF with PDF.js (fails on a file that is not a valid PDF) and returns its pages' text. */
export async function pdfText(data: Uint8Array): Promise<{ pages: number; text: string; title: string | undefined }> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(data), standardFontDataUrl, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
  await doc.destroy();
  return { pages: doc.numPages, text: parts.join("\n").replace(/\s+/g, " "), title: info.Title };
}

/** Renders the first page of a PDF with PDF.js on a canvas and reads the QR code on it (null when none). */
export async function pdfQrCode(data: Uint8Array): Promise<string | null> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const { createCanvas } = await import("@napi-rs/canvas");
  const { default: jsQR } = await import("jsqr");
  const doc = await getDocument({ data: new Uint8Array(data), standardFontDataUrl, verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 2 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  // biome-ignore lint/suspicious/noExplicitAny: @napi-rs/canvas's context stands in for the DOM's
  await page.render({ canvasContext: context as any, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  await doc.destroy();
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
