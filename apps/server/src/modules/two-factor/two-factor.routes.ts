import { twoFactorEndpoints as endpoints } from "@app/shared/contract/two-factor";
import { twoFactorSchemas as schemas } from "@app/shared/contract/two-factor.schemas";
import { FORBIDDEN } from "@app/shared/messages";
import { requireScreen, requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { staffErrors, superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { request, setCookies } from "../sign-in/sign-in.routes";
import { sessionBody } from "../sign-in/sign-in.service";
import {
  confirmSetUp,
  roleSettings,
  setRoleSetting,
  startSetUp,
  turnOff,
  verifySignInCode,
} from "./two-factor.service";

const tags = ["two-factor"];
/** The set-up is open to a staff user whose role requires it and who has not done it yet. */
const setUp = {
  middleware: [requireStaff(undefined, FORBIDDEN.message, { allowWithoutTwoFactor: true })],
  guardErrors: staffErrors,
  tags,
};

/** Staff two-factor sign-in (decision 076): the code step, the own set-up, the super_admin's controls. */
export const twoFactorRoutes = createRouter()
  .openapi(route(endpoints.signInCode, schemas.signInCode, { tags }), async (c) => {
    const { session, cookies } = await verifySignInCode(c.get("deps"), request(c), c.req.valid("json"));
    setCookies(c, cookies);
    return c.json(sessionBody(session), 200);
  })
  .openapi(route(endpoints.start, schemas.start, setUp), async (c) => {
    c.header("Cache-Control", "no-store");
    const userId = c.get("session").user!.id;
    return c.json(await startSetUp(c.get("deps"), request(c), userId, c.req.valid("json").password), 200);
  })
  .openapi(route(endpoints.confirm, schemas.confirm, setUp), async (c) => {
    const userId = c.get("session").user!.id;
    const { session, cookies } = await confirmSetUp(c.get("deps"), request(c), userId, c.req.valid("json").code);
    setCookies(c, cookies);
    return c.json(sessionBody(session), 200);
  })
  .openapi(
    route(endpoints.turnOff, schemas.turnOff, {
      middleware: [requireScreen("users")],
      guardErrors: superAdminErrors,
      tags,
    }),
    async (c) => {
      await turnOff(c.get("deps").db, c.req.valid("param").id, c.get("session").user!.id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route(endpoints.roleSettings, schemas.roleSettings, {
      middleware: [requireScreen("roles")],
      guardErrors: superAdminErrors,
      tags,
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await roleSettings(c.get("deps").db), 200);
    },
  )
  .openapi(
    route(endpoints.setRoleSetting, schemas.setRoleSetting, {
      middleware: [requireScreen("roles")],
      guardErrors: superAdminErrors,
      tags,
    }),
    async (c) => {
      const { role } = c.req.valid("param");
      return c.json(await setRoleSetting(c.get("deps").db, role, c.req.valid("json").required), 200);
    },
  );
