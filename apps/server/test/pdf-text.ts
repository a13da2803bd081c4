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
