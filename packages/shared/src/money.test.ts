import { describe, expect, it } from "vitest";
import { formatKz, roundMoney } from "./money";

const NBSP = "\u00a0";

describe("formatKz", () => {
  it("formats AOA the pt-AO way with non-breaking spaces", () => {
    expect(formatKz(150000)).toBe(`150${NBSP}000,00${NBSP}Kz`);
    expect(formatKz(80000.5)).toBe(`80${NBSP}000,50${NBSP}Kz`);
  });
  it("accepts numeric strings as PostgreSQL numeric columns return them", () => {
    expect(formatKz("100000.00")).toBe(`100${NBSP}000,00${NBSP}Kz`);
  });
  it("shows zero for missing or invalid amounts", () => {
    expect(formatKz(null)).toBe(`0,00${NBSP}Kz`);
    expect(formatKz("abc")).toBe(`0,00${NBSP}Kz`);
  });
  it("rounds to cents", () => {
    expect(roundMoney(10.005)).toBe(10.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });
});
