import { createRoute, z } from "@hono/zod-openapi";
import { requireScreen } from "../../auth/guards";
import { errorResponse } from "../../http/errors";
import { createRouter } from "../../http/router";
import { dashboardFigures } from "./dashboard.service";

const figuresSchema = z
  .object({
    totalStudents: z.number().int(),
    activeCourses: z.number().int(),
    pendingEnrollments: z.number().int().openapi({ description: "preEnrollmentsToReview + receiptsToValidate" }),
    preEnrollmentsToReview: z.number().int().openapi({ description: "Enrolments with status pre_inscrito" }),
    receiptsToValidate: z.number().int().openapi({ description: "Payment receipts with status pending" }),
    monthRevenue: z.number(),
    revenueByMonth: z.array(z.object({ month: z.string(), total: z.number() })),
  })
  .openapi("DashboardFigures");

const figures = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["dashboard"],
  summary: "Dashboard figures and revenue per month for the last 12 months (staff with any role)",
  middleware: [requireScreen("dashboard")] as const,
  responses: {
    200: { description: "Figures", content: { "application/json": { schema: figuresSchema } } },
    401: errorResponse("Not signed in"),
    403: errorResponse("Not staff with a role"),
  },
});

export const dashboardRoutes = createRouter().openapi(figures, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(await dashboardFigures(c.get("deps").db), 200);
});
