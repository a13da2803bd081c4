import { describe, expect, it } from "vitest";
import type { SchoolClass } from "./api/classes";
import { classStats } from "./class-stats";

const cls = (currentStudents: number, maxStudents: number, enrollmentEndDate = "2026-11-30"): SchoolClass => ({
  id: `${currentStudents}-${maxStudents}`,
  name: "T",
  courseId: "k",
  courseName: "C",
  teacherId: null,
  teacherName: null,
  classType: "online",
  location: null,
  enrollmentStartDate: "2026-11-01",
  enrollmentEndDate,
  startDate: "2026-12-01",
  endDate: "2027-03-01",
  schedule: "S",
  maxStudents,
  currentStudents,
  curriculumFileId: null,
  status: "active",
  notes: null,
  createdAt: "2026-10-01T00:00:00Z",
});

describe("class stat cards", () => {
  it("counts classes open today, enrolled students and the overall occupancy", () => {
    const stats = classStats([cls(5, 10), cls(10, 10), cls(0, 20, "2026-11-10")], "2026-11-22");
    expect(stats).toEqual({ total: 3, open: 1, enrolled: 15, occupancy: 38 });
    expect(classStats([], "2026-11-22")).toEqual({ total: 0, open: 0, enrolled: 0, occupancy: 0 });
  });
});
