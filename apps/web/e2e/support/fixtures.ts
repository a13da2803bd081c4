import type { Page } from "@playwright/test";

/** The smallest valid PNG (1×1): an identity card or a bank slip where its looks do not matter. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A minimal PDF (a certificate, a curriculum, a receipt), recognised by its first bytes. */
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** The demo course every journey enrols in (seeded with an online class of 40 seats). */
export const COURSE = "Marketing Digital";

/** Today in Luanda as `YYYY-MM-DD` (what the date fields hold). */
export const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Luanda" }).format(new Date());

/** An amount as the screens write it ('155 000,00 Kz'), as a pattern tolerant of the kind of space. */
export function kz(amount: number, sign = ""): RegExp {
  const [int, cents] = amount.toFixed(2).split(".");
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, "\\s");
  return new RegExp(`${sign.replace("+", "\\+")}${grouped},${cents}\\s*Kz`);
}

/** A picture drawn in the browser (a phone photo of a document), `width`×`height`, as PNG or JPEG bytes. */
export async function drawnPicture(
  page: Page,
  { width, height, lines, type = "image/png" }: { width: number; height: number; lines: string[]; type?: string },
): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ width, height, lines, type }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#f4f1e8";
      g.fillRect(0, 0, width, height);
      g.fillStyle = "#222";
      const size = Math.round(width / 24);
      g.font = `${size}px sans-serif`;
      for (const [i, line] of lines.entries()) g.fillText(line, size, size * 2 * (i + 1));
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), type, 0.95));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    { width, height, lines, type },
  );
  return Buffer.from(bytes);
}
