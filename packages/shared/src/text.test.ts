import { describe, expect, it } from "vitest";
import { formatFileSize, pluralize } from "./text";

describe("pluralize", () => {
  it("uses the singular only for exactly one", () => {
    expect(pluralize(1, "ano", "anos")).toBe("1 ano");
    expect(pluralize(0, "ano", "anos")).toBe("0 anos");
    expect(pluralize(2, "aguarda análise", "aguardam análise")).toBe("2 aguardam análise");
  });
  it("writes large and decimal counts the pt-AO way", () => {
    expect(pluralize(1.5, "ano", "anos")).toBe("1,5 anos");
  });
});

describe("formatFileSize", () => {
  it("shows small files in KB, never 0", () => {
    expect(formatFileSize(0)).toBe("1 KB");
    expect(formatFileSize(300)).toBe("1 KB");
    expect(formatFileSize(850 * 1024)).toBe("850 KB");
  });
  it("shows megabytes with a decimal comma", () => {
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5,0 MB");
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe("1,2 MB");
    expect(formatFileSize(11.6 * 1024 * 1024)).toBe("11,6 MB");
  });
});
