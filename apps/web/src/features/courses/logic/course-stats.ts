import { roundMoney } from "@app/shared/money";
import type { Course } from "../api/admin-courses";

/** The course stat cards (SPEC §9): potential revenue = sum of prices; average duration = rounded mean. */
export function courseStats(courses: Course[]) {
  const total = courses.length;
  return {
    total,
    active: courses.filter((c) => c.status === "active").length,
    potentialRevenue: roundMoney(courses.reduce((sum, c) => sum + c.price, 0)),
    averageDuration: total ? Math.round(courses.reduce((sum, c) => sum + c.durationMonths, 0) / total) : 0,
  };
}
