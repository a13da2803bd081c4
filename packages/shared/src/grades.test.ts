import { describe, expect, it } from "vitest";
import { formatGrade, gradeSchema, parseGrade } from "./grades";

describe("final grades (0–20, one decimal)", () => {
  it("reads a grade typed with a comma or a point, and an empty field as no grade", () => {
    expect(parseGrade("14,5")).toEqual({ ok: true, value: 14.5 });
    expect(parseGrade(" 14.5 ")).toEqual({ ok: true, value: 14.5 });
    expect(parseGrade("20")).toEqual({ ok: true, value: 20 });
    expect(parseGrade("0")).toEqual({ ok: true, value: 0 });
    expect(parseGrade("")).toEqual({ ok: true, value: null });
    expect(parseGrade(null)).toEqual({ ok: true, value: null });
    expect(parseGrade(12.5)).toEqual({ ok: true, value: 12.5 });
  });

  it("refuses what is not a grade, in words a teacher understands", () => {
    expect(parseGrade("14,55")).toEqual({ ok: false, message: "A nota aceita no máximo uma casa decimal (ex.: 14,5)" });
    expect(parseGrade(14.55)).toEqual({ ok: false, message: "A nota aceita no máximo uma casa decimal (ex.: 14,5)" });
    expect(parseGrade("20,5")).toEqual({ ok: false, message: "A nota vai de 0 a 20" });
    expect(parseGrade("-1")).toEqual({ ok: false, message: "A nota vai de 0 a 20" });
    expect(parseGrade("catorze")).toEqual({
      ok: false,
      message: "Nota inválida: digite um número de 0 a 20 (ex.: 14,5)",
    });
    expect(parseGrade("1 4")).toEqual({ ok: false, message: "Nota inválida: digite um número de 0 a 20 (ex.: 14,5)" });
  });

  it("is shown with a decimal comma", () => {
    expect(formatGrade(14.5)).toBe("14,5");
    expect(formatGrade(15)).toBe("15");
  });

  it("gives the schema's output as number or null", () => {
    expect(gradeSchema.parse("9,5")).toBe(9.5);
    expect(gradeSchema.parse(undefined)).toBeNull();
    expect(gradeSchema.safeParse("21").error?.issues[0]?.message).toBe("A nota vai de 0 a 20");
  });
});
