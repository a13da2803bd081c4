import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays, addYears, INVALID_DATE, isCalendarDate } from "./calendar-date";
import { birthDate, classDate } from "./calendar-date-schema";

const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);

describe("calendar dates", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // 23:30 UTC on 14 June 2026 is already 15 June in Luanda (UTC+1).
    vi.setSystemTime(new Date("2026-06-14T23:30:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("knows which days exist", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isCalendarDate("2027-12-31")).toBe(true);
    for (const bad of [
      "2000-02-31",
      "2027-02-30",
      "2100-02-29",
      "2027-13-45",
      "2027-04-31",
      "2027-00-10",
      "2027-1-5",
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it("moves 29 February to 28 February in a common year", () => {
    expect(addYears("2028-02-29", 5)).toBe("2033-02-28");
    expect(addYears("2026-06-15", -100)).toBe("1926-06-15");
  });

  it("adds days across months, years and 29 February", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-06-15", 148)).toBe("2026-11-10");
  });

  const birth = birthDate("Data de nascimento é obrigatória");
  it("birth date: required, real, at most 100 years ago (Luanda's today), not in the future", () => {
    expect(messages(birth.safeParse(""))).toEqual(["Data de nascimento é obrigatória"]);
    expect(messages(birth.safeParse(undefined))).toEqual(["Data de nascimento é obrigatória"]);
    expect(messages(birth.safeParse("2000-02-31"))).toEqual([INVALID_DATE]);
    expect(messages(birth.safeParse("2000-13-45"))).toEqual([INVALID_DATE]);
    expect(messages(birth.safeParse("15/06/2000"))).toEqual([INVALID_DATE]);
    expect(messages(birth.safeParse("0001-01-01"))).toEqual([
      "A data de nascimento não pode ser anterior a 15/06/1926",
    ]);
    expect(messages(birth.safeParse("1926-06-14"))).toEqual([
      "A data de nascimento não pode ser anterior a 15/06/1926",
    ]);
    expect(messages(birth.safeParse("2026-06-16"))).toEqual(["A data de nascimento não pode ser no futuro"]);
    expect(birth.parse("1926-06-15")).toBe("1926-06-15");
    expect(birth.parse("2026-06-15")).toBe("2026-06-15");
    expect(birth.parse("2000-02-29")).toBe("2000-02-29");
  });

  const classStart = classDate("Data de início do curso é obrigatória");
  it("class date: required, real, within 5 years of today", () => {
    expect(messages(classStart.safeParse(""))).toEqual(["Data de início do curso é obrigatória"]);
    expect(messages(classStart.safeParse("2027-02-30"))).toEqual([INVALID_DATE]);
    expect(messages(classStart.safeParse("2027-13-45"))).toEqual([INVALID_DATE]);
    const outside = ["A data deve estar entre 15/06/2021 e 15/06/2031"];
    expect(messages(classStart.safeParse("0001-01-01"))).toEqual(outside);
    expect(messages(classStart.safeParse("2031-06-16"))).toEqual(outside);
    expect(messages(classStart.safeParse("2021-06-14"))).toEqual(outside);
    expect(classStart.parse("2021-06-15")).toBe("2021-06-15");
    expect(classStart.parse("2031-06-15")).toBe("2031-06-15");
  });
});
