import { describe, expect, it } from "vitest";
import type { Course } from "../api/admin-courses";
import { courseStats } from "./course-stats";

const course = (price: number, durationMonths: number, status: Course["status"] = "active"): Course => ({
  id: `${price}`,
  name: "C",
  slug: "c",
  description: null,
  area: null,
  modality: null,
  durationMonths,
  workloadHours: null,
  price,
  status,
  featured: false,
  createdAt: "2025-01-01T00:00:00Z",
});

describe("course stat cards", () => {
  it("sums the prices and rounds the mean duration", () => {
    expect(courseStats([course(150000, 4), course(100000.5, 3), course(80000, 2, "inactive")])).toEqual({
      total: 3,
      active: 2,
      potentialRevenue: 330000.5,
      averageDuration: 3,
    });
    expect(courseStats([course(1, 1), course(1, 2)]).averageDuration).toBe(2); // 1.5 rounds up
  });
  it("is all zeros without courses", () => {
    expect(courseStats([])).toEqual({ total: 0, active: 0, potentialRevenue: 0, averageDuration: 0 });
  });
});
