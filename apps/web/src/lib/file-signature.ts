export type SniffedType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * What a file really is, by its first bytes (magic numbers), not by the name or type the browser
 * reports: an HTML page renamed .jpg is null. The server checks the same again.
 */
export async function sniffFileType(file: Blob): Promise<SniffedType | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  return null;
}
