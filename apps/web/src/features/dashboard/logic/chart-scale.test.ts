import { describe, expect, it } from "vitest";
import { chartScale } from "./chart-scale";

describe("chartScale", () => {
  it("rounds the largest value up to 1, 2 or 5 times a power of ten", () => {
    expect(chartScale(150_000)).toBe(200_000);
    expect(chartScale(200_000)).toBe(200_000);
    expect(chartScale(430_000)).toBe(500_000);
    expect(chartScale(501)).toBe(1000);
    expect(chartScale(7)).toBe(10);
  });
  it("gives 1 when there is no revenue, so no bar divides by zero", () => {
    expect(chartScale(0)).toBe(1);
  });
});
