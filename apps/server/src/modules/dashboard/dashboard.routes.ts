import { dashboardEndpoints as endpoints } from "@app/shared/contract/dashboard";
import { dashboardSchemas as schemas } from "@app/shared/contract/dashboard.schemas";
import { requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { staffErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { dashboardFigures } from "./dashboard.service";

export const dashboardRoutes = createRouter().openapi(
  route(endpoints.figures, schemas.figures, {
    middleware: [requireScreen("dashboard")],
    guardErrors: staffErrors,
    tags: ["dashboard"],
  }),
  async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await dashboardFigures(c.get("deps").db), 200);
  },
);
