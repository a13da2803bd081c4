import { describe, expect, it } from "vitest";
import { findCodes, indexCodes, normaliseCode } from "./codes";

describe("normaliseCode", () => {
  it("ignores case, spaces, dashes, dots and accents", () => {
    expect(normaliseCode(" ab5c-d2.ef ")).toBe("AB5CD2EF");
    expect(normaliseCode("Ref: ab5c\u00a0d2–ef")).toBe("REFAB5CD2EF");
    expect(normaliseCode("João")).toBe("JOAO");
  });
});

describe("findCodes", () => {
  const index = indexCodes(["AB5CD2EF", "HJKM8G6Q", "PQRS-TUVW", "XY"]);

  it("finds a code in a transfer text written in any case, with spaces, dashes and dots", () => {
    expect(findCodes("TRF JOAO PEDRO REF ab5c d2-ef PROPINA", index)).toEqual({ kind: "exact", code: "AB5CD2EF" });
    expect(findCodes("pqrs.tuvw", index)).toEqual({ kind: "exact", code: "PQRS-TUVW" });
    expect(findCodes("REF:AB5CD2EF", index)).toEqual({ kind: "exact", code: "AB5CD2EF" });
  });

  it("proposes the single code found with look-alikes swapped (5/S, 2/Z, 8/B, 6/G), flagged", () => {
    expect(findCodes("REF ABSC D2EF", index)).toEqual({ kind: "proposed", code: "AB5CD2EF", written: "ABSCD2EF" });
    expect(findCodes("ref a85c dzef", index)).toEqual({ kind: "proposed", code: "AB5CD2EF", written: "A85CDZEF" });
    expect(findCodes("HJKMBG6Q", index)).toEqual({ kind: "proposed", code: "HJKM8G6Q", written: "HJKMBG6Q" });
    expect(findCodes("HJKM86GQ", index)).toEqual({ kind: "proposed", code: "HJKM8G6Q", written: "HJKM86GQ" });
  });

  it("prefers an exact match over a look-alike one", () => {
    expect(findCodes("AB5CD2EF e ABSCD2EF", index)).toEqual({ kind: "exact", code: "AB5CD2EF" });
    expect(findCodes("ABSCD2EF e HJKM8G6Q", index)).toEqual({ kind: "exact", code: "HJKM8G6Q" });
  });

  it("calls a line with two codes, or a look-alike of two codes, ambiguous", () => {
    expect(findCodes("AB5CD2EF HJKM8G6Q", index)).toEqual({ kind: "ambiguous", codes: ["AB5CD2EF", "HJKM8G6Q"] });
    expect(findCodes("ABSCD2EF HJKMBG6Q", index)).toEqual({ kind: "ambiguous", codes: ["AB5CD2EF", "HJKM8G6Q"] });
    const twins = indexCodes(["AB5CD2EF", "ABSCD2EF"]);
    expect(findCodes("AB5CDZEF", twins)).toEqual({ kind: "ambiguous", codes: ["AB5CD2EF", "ABSCD2EF"] });
    expect(findCodes("ABSCD2EF", twins)).toEqual({ kind: "exact", code: "ABSCD2EF" });
  });

  it("reads a staff-typed code holding 0/O or 1/I/L with those swapped too", () => {
    const typed = indexCodes(["INSC-2026-001"]);
    expect(findCodes("insc 2026 00l", typed)).toEqual({
      kind: "proposed",
      code: "INSC-2026-001",
      written: "INSC202600L",
    });
  });

  it("counts a code found inside a longer code found as part of it", () => {
    const nested = indexCodes(["ABCDEF", "ABCDEFGH"]);
    expect(findCodes("ref abcdefgh", nested)).toEqual({ kind: "exact", code: "ABCDEFGH" });
  });

  it("finds nothing where there is no code, and never searches codes shorter than 6 characters", () => {
    expect(findCodes("Pagamento propina Novembro", index)).toEqual({ kind: "none" });
    expect(findCodes("XY", index)).toEqual({ kind: "none" });
    expect(findCodes("AB5CD2E", index)).toEqual({ kind: "none" });
    expect(findCodes("", index)).toEqual({ kind: "none" });
  });
});
