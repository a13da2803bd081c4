import { describe, expect, it } from "vitest";
import {
  CERTIFICATE_NUMBER_LENGTH,
  formatCertificateNumber,
  normalizeCertificateNumber,
  UNAMBIGUOUS_ALPHABET,
} from "./certificate-number";

describe("certificate numbers", () => {
  it("reads a number in any case, with or without dashes and spaces", () => {
    expect(normalizeCertificateNumber("ABCD-EFGH-JKMN")).toBe("ABCDEFGHJKMN");
    expect(normalizeCertificateNumber("abcd efgh jkmn")).toBe("ABCDEFGHJKMN");
    expect(normalizeCertificateNumber("  abcdefghjkmn ")).toBe("ABCDEFGHJKMN");
    expect(normalizeCertificateNumber("ab-cd–ef gh.jk—mn")).toBe("ABCDEFGHJKMN");
  });

  it("refuses what cannot be one of ours: wrong length or a look-alike character", () => {
    expect(normalizeCertificateNumber("")).toBeNull();
    expect(normalizeCertificateNumber("ABCD-EFGH-JKM")).toBeNull();
    expect(normalizeCertificateNumber("ABCD-EFGH-JKMNP")).toBeNull();
    expect(normalizeCertificateNumber("ABCD-EFGH-JKM0")).toBeNull(); // zero
    expect(normalizeCertificateNumber("ABCD-EFGH-JKMO")).toBeNull(); // letter O
    expect(normalizeCertificateNumber("ABCD-EFGH-JKM1")).toBeNull();
    expect(normalizeCertificateNumber("ABCD-EFGH-JKMI")).toBeNull();
    expect(normalizeCertificateNumber("ABCD-EFGH-JKML")).toBeNull();
    expect(normalizeCertificateNumber("ABCD'EFGH'JKMN")).toBeNull();
  });

  it("shows a number in groups of four", () => {
    expect(formatCertificateNumber("ABCDEFGHJKMN")).toBe("ABCD-EFGH-JKMN");
    expect(formatCertificateNumber("abcdefghjkmn")).toBe("ABCD-EFGH-JKMN");
    // The API sends numbers grouped: formatting them again changes nothing.
    expect(formatCertificateNumber("ABCD-EFGH-JKMN")).toBe("ABCD-EFGH-JKMN");
    expect(formatCertificateNumber("abcd efgh jkmn")).toBe("ABCD-EFGH-JKMN");
  });

  it("uses at least 10 characters from an alphabet without look-alikes", () => {
    expect(CERTIFICATE_NUMBER_LENGTH).toBeGreaterThanOrEqual(10);
    for (const c of "0O1IL") expect(UNAMBIGUOUS_ALPHABET).not.toContain(c);
    expect(UNAMBIGUOUS_ALPHABET).toHaveLength(31);
  });
});
