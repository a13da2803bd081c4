import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** GET /api/dashboard: the four 'Painel' figures and the revenue of the last 12 months (oldest first). */
export interface DashboardFigures {
  totalStudents: number;
  activeCourses: number;
  /** What awaits staff: `preEnrollmentsToReview` + `receiptsToValidate` (decision 012). */
  pendingEnrollments: number;
  preEnrollmentsToReview: number;
  receiptsToValidate: number;
  monthRevenue: number;
  /** 12 entries, oldest first; `month` is "YYYY-MM" (a calendar month in Luanda). */
  revenueByMonth: { month: string; total: number }[];
}

export const dashboardQuery = queryOptions({
  queryKey: ["dashboard"],
  queryFn: ({ signal }) => api<DashboardFigures>("/dashboard", { signal }),
});
