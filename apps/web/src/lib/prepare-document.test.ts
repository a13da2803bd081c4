import { describe, expect, it } from "vitest";
import { prepareDocument } from "./prepare-document";

const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

describe("preparing a document in the browser", () => {
  it("refuses an HTML page renamed .jpg by its content, whatever type the browser reports", async () => {
    const html = new File(["<!doctype html><html><body>oi</body></html>"], "x.jpg", { type: "image/jpeg" });
    expect(await prepareDocument(html)).toEqual({ error: "Formato inválido. Use JPEG, PNG, WEBP ou PDF" });
  });

  it("says an empty file is empty, with the server's words", async () => {
    const empty = new File([], "certificado.pdf", { type: "application/pdf" });
    expect(await prepareDocument(empty)).toEqual({ error: "O arquivo está vazio" });
  });

  it("takes a PDF as it is, even when the browser calls it something else, and refuses one above 5 MB", async () => {
    const pdf = new File([PDF], "certificado.png", { type: "image/png" });
    expect(await prepareDocument(pdf)).toEqual({ file: pdf, compressed: false });
    const big = new File([PDF, new Uint8Array(5 * 1024 * 1024)], "grande.pdf", { type: "application/pdf" });
    expect(await prepareDocument(big)).toEqual({ error: "Arquivo muito grande. Tamanho máximo: 5MB" });
  });
});
