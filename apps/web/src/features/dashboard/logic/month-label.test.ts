import { describe, expect, it } from "vitest";
import { axisLabels, monthLabel } from "./month-label";

describe("monthLabel", () => {
  it("writes a YYYY-MM month as its Portuguese abbreviation and year", () => {
    expect(monthLabel("2026-11")).toBe("nov 2026");
    expect(monthLabel("2025-01")).toBe("jan 2025");
    expect(monthLabel("2025-02")).toBe("fev 2025");
    expect(monthLabel("2025-05")).toBe("mai 2025");
    expect(monthLabel("2025-08")).toBe("ago 2025");
    expect(monthLabel("2025-09")).toBe("set 2025");
    expect(monthLabel("2024-10")).toBe("out 2024");
    expect(monthLabel("2024-12")).toBe("dez 2024");
  });

  it("leaves anything else unchanged", () => {
    expect(monthLabel("2025-13")).toBe("2025-13");
    expect(monthLabel("2025-00")).toBe("2025-00");
    expect(monthLabel("2025-1")).toBe("2025-1");
    expect(monthLabel("")).toBe("");
  });
});

describe("axisLabels", () => {
  it("writes the year under the first month and under each January only", () => {
    const months = ["2025-11", "2025-12", "2026-01", "2026-02"];
    expect(axisLabels(months)).toEqual([
      { name: "nov", year: "2025" },
      { name: "dez", year: null },
      { name: "jan", year: "2026" },
      { name: "fev", year: null },
    ]);
  });

  it("keeps a month it cannot read as it came, without a year", () => {
    expect(axisLabels(["2025-13"])).toEqual([{ name: "2025-13", year: null }]);
  });
});
