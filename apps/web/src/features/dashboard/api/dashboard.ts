import type { dashboardFiguresSchema } from "@app/shared/schemas/dashboard";
import type { z } from "@app/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** GET /api/dashboard: the four 'Painel' figures and the revenue of the last 12 months (oldest first). */
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardQuery = queryOptions({
  queryKey: ["dashboard"],
  queryFn: ({ signal }) => api<DashboardFigures>("/dashboard", { signal }),
});
