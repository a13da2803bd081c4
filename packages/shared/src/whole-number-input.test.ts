import { describe, expect, it } from "vitest";
import { parseWholeNumber, wholeNumberSchema } from "./whole-number-input";

/** The words people read for each problem (not the module's own table, so a changed text fails here). */
const SAID = {
  empty: "Indique um número",
  decimals: "Use um número inteiro, sem casas decimais",
  spaces: "Digite o número sem espaços (ex.: 25)",
  characters: "Use apenas algarismos (ex.: 25)",
};

describe("parseWholeNumber", () => {
  it.each([
    ["25", 25],
    [" 30 ", 30],
    ["0", 0],
    ["-1", -1],
  ])("%j → %d", (text, value) => {
    expect(parseWholeNumber(text)).toEqual({ ok: true, value });
  });

  it.each([
    ["", "empty"],
    ["25,5", "decimals"],
    ["25.5", "decimals"],
    ["25,", "decimals"],
    ["1.000", "decimals"],
    ["2 5", "spaces"],
    ["vinte", "characters"],
    ["25 meses", "characters"],
    ["1e2", "characters"],
  ])("%j is refused (%s), never merged into another number", (text, problem) => {
    expect(parseWholeNumber(text)).toEqual({
      ok: false,
      problem,
      message: SAID[problem as keyof typeof SAID],
    });
  });
});

describe("wholeNumberSchema", () => {
  const seats = wholeNumberSchema({
    empty: "Número máximo de alunos é obrigatório",
    min: 1,
    belowMin: "O número máximo de alunos deve ser pelo menos 1",
    max: 10_000,
    aboveMax: "Número muito alto",
  });
  const messageOf = (input: unknown) => seats.safeParse(input).error?.issues[0]?.message;

  it("accepts a JSON number and typed digits alike", () => {
    expect(seats.parse(25)).toBe(25);
    expect(seats.parse("25")).toBe(25);
  });

  it("refuses decimals from the form and from API clients with one message, and keeps the range messages", () => {
    expect(messageOf("25,5")).toBe("Use um número inteiro, sem casas decimais");
    expect(messageOf(25.5)).toBe("Use um número inteiro, sem casas decimais");
    expect(messageOf("")).toBe("Número máximo de alunos é obrigatório");
    expect(messageOf(undefined)).toBe("Número máximo de alunos é obrigatório");
    expect(messageOf("0")).toBe("O número máximo de alunos deve ser pelo menos 1");
    expect(messageOf(10_001)).toBe("Número muito alto");
  });
});
