import { describe, expect, it } from "vitest";
import { compactIban, formatIban, ibanChecksumIsValid, instituteSettingsInputSchema } from "./settings";

const valid = {
  name: "Instituto",
  bankName: "Banco BAI",
  iban: "AO06 0040 0000 1234 5678 9016 7",
  beneficiary: "Instituto, Lda.",
  whatsappNumber: "+244 912 345 678",
  contactEmail: "geral@instituto.example",
};
const ibanMessages = (iban: string) => {
  const parsed = instituteSettingsInputSchema.safeParse({ ...valid, iban });
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe("the institute's IBAN (ISO 13616)", () => {
  it("accepts valid Angolan IBANs, written with spaces, dots or in lower case, and keeps them compact", () => {
    for (const iban of [
      "AO06 0040 0000 1234 5678 9016 7",
      "AO06004400006729503010102",
      "ao06.0040.0000.1234.5678.9016.7",
      " AO06 0040.0000 1234 5678 9016 7 ",
    ]) {
      expect(ibanMessages(iban), iban).toEqual([]);
    }
    expect(instituteSettingsInputSchema.parse({ ...valid, iban: "ao06.0040.0000.1234.5678.9016.7" }).iban).toBe(
      "AO06004000001234567890167",
    );
  });

  it("refuses wrong check digits: the IBAN seen saved, a mistyped digit, two swapped digits", () => {
    const wrong = "IBAN inválido: verifique os dígitos de controle";
    expect(ibanMessages("AO06 0040 0000 8765 4321 0987 6")).toEqual([wrong]);
    expect(ibanMessages("AO06 0040 0000 1234 5678 9012 3")).toEqual([wrong]); // the old demo IBAN
    expect(ibanMessages("AO06 0040 0000 1234 5678 9016 8")).toEqual([wrong]);
    expect(ibanMessages("AO06 0040 0000 1243 5678 9016 7")).toEqual([wrong]);
    expect(ibanMessages("AO07 0040 0000 1234 5678 9016 7")).toEqual([wrong]);
  });

  it("refuses a wrong length or another country's IBAN with one message saying the shape", () => {
    const shape = "IBAN inválido: um IBAN angolano tem 25 caracteres, AO e 23 algarismos";
    expect(ibanMessages("AO06 0040 0000 1234 5678 9016")).toEqual([shape]); // 24
    expect(ibanMessages("AO06 0040 0000 1234 5678 9016 70")).toEqual([shape]); // 26
    expect(ibanMessages("PT50 0002 0123 1234 5678 9015 4")).toEqual([shape]); // valid Portuguese IBAN
    expect(ibanMessages("AO06 0040 0000 1234 5678 9O16 7")).toEqual([shape]); // a letter O for a zero
    expect(ibanMessages("")).toEqual([shape]);
  });

  it("computes the checksum of any country and formats in groups of four", () => {
    expect(ibanChecksumIsValid("PT50000201231234567890154")).toBe(true);
    expect(ibanChecksumIsValid("GB82WEST12345698765432")).toBe(true);
    expect(ibanChecksumIsValid("GB82WEST12345698765423")).toBe(false);
    expect(ibanChecksumIsValid("AO06")).toBe(false);
    expect(compactIban("ao06 0040.0000")).toBe("AO0600400000");
    expect(formatIban("AO06004000001234567890167")).toBe("AO06 0040 0000 1234 5678 9016 7");
  });
});
