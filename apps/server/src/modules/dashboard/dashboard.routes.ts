import { dashboardFiguresSchema } from "@app/shared/schemas/dashboard";
import { createRoute } from "@hono/zod-openapi";
import { requireScreen } from "../../auth/guards";
import { staffErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { dashboardFigures } from "./dashboard.service";

const figuresBody = component("DashboardFigures", dashboardFiguresSchema);

const figures = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["dashboard"],
  summary: "Dashboard figures and revenue per month for the last 12 months (staff with any role)",
  middleware: [requireScreen("dashboard")] as const,
  responses: {
    200: { description: "Figures", content: { "application/json": { schema: figuresBody } } },
    ...staffErrors,
  },
});

export const dashboardRoutes = createRouter().openapi(figures, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(await dashboardFigures(c.get("deps").db), 200);
});
