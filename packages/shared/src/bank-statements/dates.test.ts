import { describe, expect, it } from "vitest";
import { readDate } from "./dates";

const read = (text: string) => {
  const r = readDate(text);
  return r.ok ? r.date : r.reason;
};

describe("readDate", () => {
  it("reads day-first dates with / - . and ISO dates", () => {
    expect(read("25/11/2026")).toBe("2026-11-25");
    expect(read("25-11-2026")).toBe("2026-11-25");
    expect(read("25.11.2026")).toBe("2026-11-25");
    expect(read("2026-11-25")).toBe("2026-11-25");
    expect(read(" 5/1/2026 ")).toBe("2026-01-05");
    expect(read("29/02/2028")).toBe("2028-02-29");
  });

  it("drops a time of day after the date", () => {
    expect(read("25/11/2026 14:32")).toBe("2026-11-25");
    expect(read("25/11/2026 14:32:05")).toBe("2026-11-25");
    expect(read("2026-11-25T14:32:05")).toBe("2026-11-25");
  });

  it("refuses days that do not exist, short years, month-first and mixed separators", () => {
    expect(read("31/02/2026")).toBe("Data ilegível: «31/02/2026» (este dia não existe)");
    expect(read("29/02/2026")).toMatch(/não existe/);
    expect(read("11/25/2026")).toMatch(/não existe/);
    expect(read("25/11/26")).toMatch(/ano com 2 algarismos/);
    expect(read("25/11-2026")).toMatch(/dia\/mês\/ano/);
    expect(read("ontem")).toMatch(/dia\/mês\/ano/);
    expect(read("")).toMatch(/sem data/);
  });
});
