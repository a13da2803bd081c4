import { describe, expect, it } from "vitest";
import { amountConvention, oversizedAmount, readAmount } from "./amounts";
import { decimalText } from "./table";

const cents = (text: string) => {
  const read = readAmount(text);
  return read.ok ? read.cents : read.reason;
};

describe("readAmount", () => {
  it("reads the pt-AO forms exactly, in cents", () => {
    expect(cents("150.000,00")).toBe(15_000_000);
    expect(cents("150 000,00")).toBe(15_000_000);
    expect(cents("150\u00a0000,00")).toBe(15_000_000); // non-breaking space
    expect(cents("150\u202f000,00")).toBe(15_000_000); // narrow non-breaking space (Intl pt-AO)
    expect(cents("150000")).toBe(15_000_000);
    expect(cents("150000,5")).toBe(15_000_050);
    expect(cents("150.000")).toBe(15_000_000);
    expect(cents("1.234.567,89")).toBe(123_456_789);
    expect(cents("0,01")).toBe(1);
    expect(cents("150 000,00 Kz")).toBe(15_000_000);
  });

  it("reads debits and credits from a sign or a D/C suffix", () => {
    expect(cents("-2.500,00")).toBe(-250_000);
    expect(cents("2.500,00-")).toBe(-250_000);
    expect(cents("+2.500,00")).toBe(250_000);
    expect(cents("2.500,00 D")).toBe(-250_000);
    expect(cents("2.500,00 C")).toBe(250_000);
    expect(cents("2.500,00D")).toBe(-250_000);
    expect(cents("2.500,00 DB")).toBe(-250_000);
    expect(cents("2.500,00 cr")).toBe(250_000);
  });

  it("reads the English form only where it has one meaning (both marks, groups of 3, 2 decimals)", () => {
    expect(cents("150,000.00")).toBe(15_000_000);
    expect(cents("1,234,567.89")).toBe(123_456_789);
    expect(cents("-1,500.00")).toBe(-150_000);
  });

  it("refuses what could mean two amounts, with a Portuguese reason", () => {
    for (const text of [
      "1.5",
      "150.00",
      "1500.50",
      "150.00,00",
      "150,000",
      "1,500",
      "1,500.5",
      "150,000.000",
      "1.500.50",
    ]) {
      expect(cents(text), text).toMatch(/^Valor ilegível: «.+» \(/);
    }
    expect(cents("1.5")).toBe("Valor ilegível: «1.5» (ambíguo (use 150.000,00 ou 150 000,00))");
  });

  it("refuses empty, letters, bad grouping, too many decimals and contradictory signs", () => {
    expect(cents("")).toMatch(/sem valor/);
    expect(cents("  ")).toMatch(/sem valor/);
    expect(cents("12a")).toMatch(/caracteres/);
    expect(cents("12 34,00")).toMatch(/grupos de 3/);
    expect(cents("1500,505")).toMatch(/2 casas decimais/);
    expect(cents("-2.500,00 C")).toMatch(/contraditório/);
    expect(cents("--2.500,00")).toMatch(/contraditório/);
    expect(cents("2.500,00 D-")).toMatch(/Valor ilegível/);
    expect(cents("9.999.999.999.999,00")).toMatch(/demasiado alto/);
  });

  it("reads a column written wholly as 150000.00 exactly, and refuses dots in a column that mixes conventions", () => {
    const dot = ["150000.00", "-1500.50", "2500.05 C", "", "0.10"];
    expect(amountConvention(dot)).toBe("dot");
    expect(dot.map((t) => readAmount(t, "dot")).map((r) => (r.ok ? r.cents : r.reason))).toEqual([
      15_000_000,
      -150_050,
      250_005,
      "Valor ilegível: «» (sem valor)",
      10,
    ]);
    expect(amountConvention(["150.000,00", "1.500"])).toBe("pt");
    expect(amountConvention(["150000.00", "150.000"])).toBe("mixed");
    expect(amountConvention(["150000.00", "150.5"])).toBe("mixed");
    expect(readAmount("150.000", "mixed")).toEqual({
      ok: false,
      reason: "Valor ilegível: «150.000» (ambíguo: o arquivo escreve outros valores com ponto decimal)",
    });
    expect(readAmount("150000.00", "mixed")).toMatchObject({ ok: false });
    expect(readAmount("150.000", "pt")).toEqual({ ok: true, cents: 15_000_000 });
  });

  it("refuses a number too long to be money before reading or padding it (issue 33)", () => {
    const long = "Valor ilegível: «1E536870000» (mais de 20 algarismos ou um expoente acima de 20)";
    expect(cents("1E536870000")).toBe(long);
    expect(oversizedAmount("1E536870000")).toBe(long);
    expect(cents("123456789012345678901")).toMatch(/mais de 20 algarismos/);
    expect(cents(`${"9".repeat(100_000)},00`)).toBe(
      `Valor ilegível: «${"9".repeat(40)}…» (mais de 20 algarismos ou um expoente acima de 20)`,
    );
    expect(oversizedAmount("1.5E21")).toMatch(/expoente/);
    expect(oversizedAmount("-1 234 567 890,00 AOA DB")).toBeNull();
    expect(oversizedAmount("12345678901234567890")).toBeNull();
  });
});

describe("decimalText past 20 digits or an exponent past 20", () => {
  it("is no number, and nothing is padded (1E536870000 would be 537 million digits)", () => {
    expect(decimalText("1E536870000", ".")).toBeNull();
    expect(decimalText("1.5E21", ".")).toBeNull();
    expect(decimalText("1E-21", ".")).toBeNull();
    expect(decimalText("123456789012345678901", ".")).toBeNull();
    expect(decimalText("1E20", ".")).toBe("100000000000000000000");
    expect(decimalText("1.5E-2", ".")).toBe("0,015");
  });
});
