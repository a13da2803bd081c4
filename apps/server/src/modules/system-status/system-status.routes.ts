import { systemStatusEndpoints as endpoints } from "@app/shared/contract/system-status";
import { systemStatusSchemas as schemas } from "@app/shared/contract/system-status.schemas";
import { SYSTEM_STATUS_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/messages";
import { requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { systemStatus } from "./system-status.service";

const superAdmin = {
  middleware: [requireStaff("super_admin", SYSTEM_STATUS_SUPER_ADMIN_ONLY_MESSAGE)],
  guardErrors: superAdminErrors,
  tags: ["system-status"],
};

/** 'Estado do sistema': the operators' figures for the super_admin (decision 098). */
export const systemStatusRoutes = createRouter().openapi(
  route(endpoints.status, schemas.status, superAdmin),
  async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await systemStatus(c.get("deps"), c.get("metrics")), 200);
  },
);
