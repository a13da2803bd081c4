import { userEndpoints as endpoints } from "@app/shared/contract/users";
import { userSchemas as schemas } from "@app/shared/contract/users.schemas";
import { requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { changeRole, listStaffUsers } from "./users.service";

const options = { middleware: [requireScreen("users")], guardErrors: superAdminErrors, tags: ["users"] };

export const userRoutes = createRouter()
  .openapi(route(endpoints.list, schemas.list, options), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listStaffUsers(c.get("deps").db), 200);
  })
  .openapi(route(endpoints.setRole, schemas.setRole, options), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await changeRole(c.get("deps").db, id, c.req.valid("json").role), 200);
  });
