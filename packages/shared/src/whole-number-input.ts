import { z } from "zod";

/**
 * Reading a count (months, seats, years) as people type it (decision 009): digits only. `25,5`,
 * `25.5` and `2 5` are refused with a message, never turned into 255 or 25.
 */

export type WholeNumberProblem = "empty" | "decimals" | "spaces" | "characters";

export const WHOLE_NUMBER_MESSAGES: Record<WholeNumberProblem, string> = {
  empty: "Indique um número",
  decimals: "Use um número inteiro, sem casas decimais",
  spaces: "Digite o número sem espaços (ex.: 25)",
  characters: "Use apenas algarismos (ex.: 25)",
};

export type WholeNumberParse =
  | { ok: true; value: number }
  | { ok: false; problem: WholeNumberProblem; message: string };

const fail = (problem: WholeNumberProblem): WholeNumberParse => ({
  ok: false,
  problem,
  message: WHOLE_NUMBER_MESSAGES[problem],
});

/** Reads a whole number; a leading minus is kept so the field's range message can speak. */
export function parseWholeNumber(text: string): WholeNumberParse {
  const s = text.replace(/\s+/g, " ").trim().replace(/^[−–]/, "-");
  if (s === "") return fail("empty");
  if (/^-?\d+$/.test(s)) return { ok: true, value: Number(s) };
  if (/^-?\d*[.,]\d*$/.test(s) && /\d/.test(s)) return fail("decimals");
  if (/^-?\d+( \d+)+$/.test(s)) return fail("spaces");
  return fail("characters");
}

type Range = { min: number; max: number; belowMin: string; aboveMax: string };

/**
 * A whole-number field of a schema: a JSON number or the text a person typed, read by
 * `parseWholeNumber`, then held to the field's range with the field's own messages.
 */
export function wholeNumberSchema({ empty, ...range }: Range & { empty: string }) {
  return z.union([z.number(), z.string()], { error: empty }).transform((input, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const result =
      typeof input === "string"
        ? parseWholeNumber(input)
        : Number.isInteger(input)
          ? ({ ok: true, value: input } as const)
          : fail("decimals");
    if (!result.ok) return refuse(result.problem === "empty" ? empty : result.message);
    if (result.value < range.min) return refuse(range.belowMin);
    if (result.value > range.max) return refuse(range.aboveMax);
    return result.value;
  });
}
