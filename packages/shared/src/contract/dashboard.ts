import type { dashboardSchemas as S } from "./dashboard.schemas";
import { endpoint } from "./endpoint";

export const dashboardEndpoints = {
  figures: endpoint<typeof S.figures>("get", "/admin/dashboard"),
};
