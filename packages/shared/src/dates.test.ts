import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, todayInLuanda } from "./dates";

describe("dates in Africa/Luanda", () => {
  it("formats a timestamp as DD/MM/YYYY in Luanda time (UTC+1)", () => {
    expect(formatDate("2025-03-31T23:30:00Z")).toBe("01/04/2025");
  });
  it("formats a calendar date as written", () => {
    expect(formatDate("2025-12-05")).toBe("05/12/2025");
  });
  it("formats date and time with 'às'", () => {
    expect(formatDateTime("2025-06-10T08:05:00Z")).toBe("10/06/2025 às 09:05");
  });
  it("shows a dash for a missing date", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
  });
  it("knows today's date in Luanda", () => {
    expect(todayInLuanda(new Date("2025-01-01T23:30:00Z"))).toBe("2025-01-02");
  });
});
