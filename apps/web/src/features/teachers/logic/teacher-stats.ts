import type { Teacher } from "../api/teachers";

/** The four teacher cards: total, active, inactive, average years of experience (one decimal). */
export function teacherStats(teachers: Teacher[]) {
  const active = teachers.filter((t) => t.status === "active").length;
  const years = teachers.reduce((sum, t) => sum + t.yearsOfExperience, 0);
  return {
    total: teachers.length,
    active,
    inactive: teachers.length - active,
    averageYears: teachers.length ? Math.round((years / teachers.length) * 10) / 10 : 0,
  };
}
