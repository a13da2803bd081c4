import { settingsEndpoints as endpoints } from "@app/shared/contract/settings";
import { settingsSchemas as schemas } from "@app/shared/contract/settings.schemas";
import { SETTINGS_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/messages";
import { requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { staffErrors, superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { getPassMark, setPassMark } from "./pass-mark.service";
import { getInstituteSettings, updateInstituteSettings } from "./settings.service";

const tags = ["settings"];
/** Any staff role reads the settings (the WhatsApp message, the pass mark on the teaching screen). */
const reader = { middleware: [requireStaff()], guardErrors: staffErrors, tags };
/** Changing any setting is for super_admin (the institute's details, the pass mark). */
const editor = {
  middleware: [requireStaff("super_admin", SETTINGS_SUPER_ADMIN_ONLY_MESSAGE)],
  guardErrors: superAdminErrors,
  tags,
};

export const settingsRoutes = createRouter()
  .openapi(route(endpoints.institute, schemas.institute, reader), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getInstituteSettings(c.get("deps").db), 200);
  })
  .openapi(route(endpoints.updateInstitute, schemas.updateInstitute, editor), async (c) =>
    c.json(await updateInstituteSettings(c.get("deps").db, c.get("session").user!.id, c.req.valid("json")), 200),
  )
  .openapi(route(endpoints.passMark, schemas.passMark, reader), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ passMark: await getPassMark(c.get("deps").db) }, 200);
  })
  .openapi(route(endpoints.updatePassMark, schemas.updatePassMark, editor), async (c) =>
    c.json(await setPassMark(c.get("deps").db, c.req.valid("json")), 200),
  );
