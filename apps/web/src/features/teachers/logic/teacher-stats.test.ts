import { describe, expect, it } from "vitest";
import type { Teacher } from "../api/teachers";
import { teacherStats } from "./teacher-stats";

const teacher = (yearsOfExperience: number, status: Teacher["status"] = "active"): Teacher => ({
  id: `${yearsOfExperience}`,
  teacherName: "T",
  teacherPhone: null,
  teacherEmail: null,
  specialization: "S",
  qualification: "Q",
  yearsOfExperience,
  bio: null,
  userId: null,
  userName: null,
  status,
  createdAt: "2025-01-01T00:00:00Z",
});

describe("teacher stat cards", () => {
  it("counts active and inactive teachers and averages the years of experience", () => {
    expect(teacherStats([teacher(9), teacher(6), teacher(12, "inactive")])).toEqual({
      total: 3,
      active: 2,
      inactive: 1,
      averageYears: 9,
    });
    expect(teacherStats([teacher(1), teacher(2)]).averageYears).toBe(1.5);
    expect(teacherStats([])).toEqual({ total: 0, active: 0, inactive: 0, averageYears: 0 });
  });
});
