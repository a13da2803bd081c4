import { z } from "zod";

/**
 * Final grades on the Angolan scale (issue 15): 0 to 20 with at most one decimal, typed with a comma or
 * a point ('14,5', '14.5'). An empty field means no grade.
 */
export const GRADE_MIN = 0;
export const GRADE_MAX = 20;

export const GRADE_MESSAGES = {
  invalid: "Nota inválida: digite um número de 0 a 20 (ex.: 14,5)",
  decimals: "A nota aceita no máximo uma casa decimal (ex.: 14,5)",
  range: "A nota vai de 0 a 20",
} as const;

export type GradeParse = { ok: true; value: number | null } | { ok: false; message: string };

/** Reads a grade as typed; '' (or only spaces) is no grade. Never drops a character silently. */
export function parseGrade(input: string | number | null | undefined): GradeParse {
  if (input === null || input === undefined) return { ok: true, value: null };
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, message: GRADE_MESSAGES.invalid };
    if (Math.round(input * 10) !== input * 10) return { ok: false, message: GRADE_MESSAGES.decimals };
    if (input < GRADE_MIN || input > GRADE_MAX) return { ok: false, message: GRADE_MESSAGES.range };
    return { ok: true, value: input };
  }
  const s = input.trim();
  if (s === "") return { ok: true, value: null };
  if (/^-?\d+[.,]\d{2,}$/.test(s)) return { ok: false, message: GRADE_MESSAGES.decimals };
  if (!/^-?\d+([.,]\d)?$/.test(s)) return { ok: false, message: GRADE_MESSAGES.invalid };
  return parseGrade(Number(s.replace(",", ".")));
}

/** 14.5 → '14,5'; 15 → '15'. */
export function formatGrade(value: number): string {
  return String(value).replace(".", ",");
}

/** A grade field of a schema: a JSON number, the text typed, or null/absent; the output is number | null. */
export const gradeSchema = z
  .union([z.number(), z.string(), z.null()], { error: GRADE_MESSAGES.invalid })
  .optional()
  .transform((input, ctx) => {
    const result = parseGrade(input);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.value;
  });
