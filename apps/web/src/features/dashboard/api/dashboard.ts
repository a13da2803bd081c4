import { dashboardEndpoints } from "@app/shared/contract/dashboard";
import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

/** The four 'Painel' figures and the revenue of the last 12 months (oldest first). */
export type DashboardFigures = AnswerOf<typeof dashboardEndpoints.figures>;

export const dashboardQuery = queryOptions({
  queryKey: ["dashboard"],
  queryFn: ({ signal }) => api(dashboardEndpoints.figures, { signal }),
});
