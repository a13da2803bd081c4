import { describe, expect, it } from "vitest";
import { sniffFileType } from "./file-signature";

const file = (bytes: (number | string)[], name: string, type: string) =>
  new File(
    bytes.map((b) => (typeof b === "string" ? b : new Uint8Array([b]))),
    name,
    { type },
  );

describe("file type by its first bytes", () => {
  it("recognises JPEG, PNG, WEBP and PDF whatever the name and the reported type", async () => {
    expect(await sniffFileType(file([0xff, 0xd8, 0xff, 0xe0, "JFIF"], "foto.png", "image/png"))).toBe("image/jpeg");
    expect(await sniffFileType(file([0x89, "PNG\r\n", 0x1a, "\n...."], "bi.jpg", "image/jpeg"))).toBe("image/png");
    expect(await sniffFileType(file(["RIFF", "\0\0\0\0", "WEBPVP8 "], "bi", ""))).toBe("image/webp");
    expect(await sniffFileType(file(["%PDF-1.4\n"], "certificado.png", "image/png"))).toBe("application/pdf");
  });

  it("knows nothing of an HTML page renamed .jpg, a RIFF that is not WEBP, or an empty file", async () => {
    expect(await sniffFileType(file(["<!doctype html><html>"], "x.jpg", "image/jpeg"))).toBeNull();
    expect(await sniffFileType(file(["RIFF", "\0\0\0\0", "WAVEfmt "], "som.webp", "image/webp"))).toBeNull();
    expect(await sniffFileType(file([], "vazio.pdf", "application/pdf"))).toBeNull();
  });
});
