import { describe, expect, it } from "vitest";
import { curriculumFileError } from "./curriculum-file";

const pdf = (extra = 0) =>
  new File(["%PDF-1.4\n", new Uint8Array(extra)], "curriculo.pdf", { type: "application/pdf" });

describe("curriculum file check", () => {
  it("accepts a PDF up to 5 MB, by its content", async () => {
    expect(await curriculumFileError(pdf())).toBeNull();
    expect(await curriculumFileError(pdf(5 * 1024 * 1024 - 9))).toBeNull();
  });

  it("refuses a file that only claims to be a PDF, and one above 5 MB", async () => {
    const fake = new File(["<html></html>"], "curriculo.pdf", { type: "application/pdf" });
    expect(await curriculumFileError(fake)).toBe("Formato inválido. O currículo deve ser um PDF");
    expect(await curriculumFileError(pdf(5 * 1024 * 1024))).toBe("Arquivo muito grande. Tamanho máximo: 5MB");
  });
});
