import { describe, expect, it } from "vitest";
import { formatMoneyInput, parseMoney } from "./money-input";
import { moneySchema } from "./money-schema";

/** The words people read for each problem (not the module's own table, so a changed text fails here). */
const SAID = {
  empty: "Indique o valor",
  negative: "O valor não pode ser negativo",
  characters:
    "Use apenas algarismos, com ponto ou espaço separando os milhares e vírgula para os cêntimos (ex.: 150.000,50)",
  ambiguous:
    "Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)",
  grouping: "Separe os milhares em grupos de 3 algarismos (ex.: 1.500.000 ou 1 500 000) e use vírgula para os cêntimos",
  decimals: "Use no máximo 2 casas decimais para os cêntimos (ex.: 1.500,50)",
  cents: "Digite os algarismos antes e depois da vírgula (ex.: 0,50 ou 150,50), ou apague-a",
};

const NBSP = "\u00a0";
const NARROW_NBSP = "\u202f";

describe("parseMoney: what people write means exactly that", () => {
  it.each([
    ["150.000", 150000],
    ["150 000", 150000],
    ["150000", 150000],
    [`150${NBSP}000`, 150000],
    [`150${NARROW_NBSP}000`, 150000],
    ["1.500,50", 1500.5],
    ["1 500,50", 1500.5],
    ["1500.50", 1500.5],
    ["1500,5", 1500.5],
    ["1 500.50", 1500.5],
    ["123456.78", 123456.78],
    ["1.500.000,50", 1500000.5],
    ["1 500 000", 1500000],
    ["1.500", 1500],
    ["0,50", 0.5],
    ["0", 0],
    ["  65000,50 ", 65000.5],
    ["150.000 Kz", 150000],
    ["150 000,00 kz", 150000],
    [`150${NBSP}000,00${NBSP}Kz`, 150000],
    ["2500AOA", 2500],
    ["999.999.999.999,99", 999999999999.99],
  ])("%j → %d", (text, value) => {
    expect(parseMoney(text)).toEqual({ ok: true, value });
  });
});

describe("parseMoney: whatever it cannot read without guessing is refused with a message", () => {
  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["Kz", "empty"],
    ["150,000", "ambiguous"],
    ["1,500", "ambiguous"],
    ["1,5,0", "ambiguous"],
    ["1.500.50", "ambiguous"],
    ["1,500.50", "ambiguous"],
    ["1.500,505", "decimals"],
    ["1500,505", "decimals"],
    ["1500.5055", "decimals"],
    ["10,001", "ambiguous"],
    ["-150", "negative"],
    ["−150,00", "negative"],
    ["150 mil", "characters"],
    ["abc", "characters"],
    ["1e5", "characters"],
    ["Kz 150", "characters"],
    [".", "characters"],
    ["12 34", "grouping"],
    ["1.50.000", "grouping"],
    ["1500.000", "grouping"],
    ["123456.789", "grouping"],
    ["1.500 000", "grouping"],
    ["1..500", "grouping"],
    ["150,", "cents"],
    ["150.", "cents"],
    [",50", "cents"],
  ])("%j is refused (%s)", (text, problem) => {
    const result = parseMoney(text);
    expect(result).toMatchObject({ ok: false, problem });
    expect(result).toMatchObject({ message: SAID[problem as keyof typeof SAID] });
  });

  it("explains the ambiguous comma with the forms to use instead", () => {
    expect(parseMoney("150,000")).toMatchObject({
      message:
        "Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)",
    });
  });
});

describe("moneySchema: one rule for the form's text and the API's numbers", () => {
  const price = moneySchema({
    empty: "Preço é obrigatório",
    negative: "O preço não pode ser negativo",
    decimals: "O preço aceita no máximo 2 casas decimais",
    max: "Preço muito alto",
  });
  const messageOf = (input: unknown) => price.safeParse(input).error?.issues[0]?.message;

  it("accepts a JSON number and typed text alike", () => {
    expect(price.parse(45000.5)).toBe(45000.5);
    expect(price.parse("150.000")).toBe(150000);
    expect(price.parse("1.500,50")).toBe(1500.5);
  });

  it("gives the field's own words for the general problems, and the parser's for the rest", () => {
    expect(messageOf(undefined)).toBe("Preço é obrigatório");
    expect(messageOf(null)).toBe("Preço é obrigatório");
    expect(messageOf("")).toBe("Preço é obrigatório");
    expect(messageOf(-1)).toBe("O preço não pode ser negativo");
    expect(messageOf("-1")).toBe("O preço não pode ser negativo");
    expect(messageOf(10.005)).toBe("O preço aceita no máximo 2 casas decimais");
    expect(messageOf("1.500,505")).toBe("O preço aceita no máximo 2 casas decimais");
    expect(messageOf(1e13)).toBe("Preço muito alto");
    expect(messageOf("10.000.000.000.000")).toBe("Preço muito alto");
    expect(messageOf("150,000")).toBe(SAID.ambiguous);
  });
});

describe("formatMoneyInput", () => {
  it("shows a saved amount the pt-AO way, and the parser reads it back to the same amount", () => {
    for (const value of [0, 0.5, 1500.5, 150000, 123456.78, 1500000.5]) {
      const text = formatMoneyInput(value);
      expect(parseMoney(text), text).toEqual({ ok: true, value });
    }
    expect(formatMoneyInput(150000)).toBe(`150${NBSP}000,00`);
    expect(formatMoneyInput(null)).toBe("");
  });
});
