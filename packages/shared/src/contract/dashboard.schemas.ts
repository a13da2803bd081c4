import { dashboardFiguresSchema } from "../schemas/dashboard";
import { endpointSchemas } from "./endpoint";

/** 'Painel' (decision 012). */
export const dashboardSchemas = endpointSchemas({
  figures: {
    summary: "Dashboard figures and revenue per month for the last 12 months (staff with any role)",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: dashboardFiguresSchema },
  },
});
