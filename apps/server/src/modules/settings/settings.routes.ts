import { SETTINGS_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/messages";
import { instituteSettingsInputSchema, instituteSettingsSchema } from "@app/shared/schemas/settings";
import { createRoute } from "@hono/zod-openapi";
import { requireStaff } from "../../auth/guards";
import { errorResponse, staffErrors, superAdminErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { getInstituteSettings, updateInstituteSettings } from "./settings.service";

const settingsBody = component("InstituteSettings", instituteSettingsSchema);

/** Changing any setting is for super_admin (the institute's details, the pass mark). */
export const requireSettingsEditor = () => requireStaff("super_admin", SETTINGS_SUPER_ADMIN_ONLY_MESSAGE);

const read = createRoute({
  method: "get",
  path: "/settings/institute",
  tags: ["settings"],
  summary: "The institute's name, bank details and contacts, used in the messages to students (staff with any role)",
  middleware: [requireStaff()] as const,
  responses: { 200: { description: "The institute's details", ...json(settingsBody) }, ...staffErrors },
});

const update = createRoute({
  method: "put",
  path: "/settings/institute",
  tags: ["settings"],
  summary: "Replaces the institute's details (super_admin)",
  middleware: [requireSettingsEditor()] as const,
  request: { body: { required: true, ...json(instituteSettingsInputSchema) } },
  responses: {
    200: { description: "Saved", ...json(settingsBody) },
    400: errorResponse("Invalid input"),
    ...superAdminErrors,
  },
});

export const settingsRoutes = createRouter()
  .openapi(read, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getInstituteSettings(c.get("deps").db), 200);
  })
  .openapi(update, async (c) =>
    c.json(await updateInstituteSettings(c.get("deps").db, c.get("session").user!.id, c.req.valid("json")), 200),
  );
