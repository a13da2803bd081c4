import { describe, expect, it } from "vitest";
import { sampleClass } from "../../../test/fixtures/sample-class";
import { classStats } from "./class-stats";

const cls = (currentStudents: number, maxStudents: number, enrollmentEndDate = "2026-11-30") =>
  sampleClass({ id: `${currentStudents}-${maxStudents}`, currentStudents, maxStudents, enrollmentEndDate });

describe("class stat cards", () => {
  it("counts classes open today, enrolled students and the overall occupancy", () => {
    const stats = classStats([cls(5, 10), cls(10, 10), cls(0, 20, "2026-11-10")], "2026-11-22");
    expect(stats).toEqual({ total: 3, open: 1, enrolled: 15, occupancy: 38 });
    expect(classStats([], "2026-11-22")).toEqual({ total: 0, open: 0, enrolled: 0, occupancy: 0 });
  });
});
