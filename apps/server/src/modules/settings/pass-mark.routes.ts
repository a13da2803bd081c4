import { passMarkInputSchema, passMarkSchema } from "@app/shared/schemas/pass-mark";
import { createRoute } from "@hono/zod-openapi";
import { requireStaff } from "../../auth/guards";
import { errorResponse, staffErrors, superAdminErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { getPassMark, setPassMark } from "./pass-mark.service";
import { requireSettingsEditor } from "./settings.routes";

const passMarkBody = component("PassMark", passMarkSchema);

const read = createRoute({
  method: "get",
  path: "/settings/pass-mark",
  tags: ["settings"],
  summary: "The institute's pass mark (0–20; a 'Concluído' under it asks for confirmation): staff with any role",
  middleware: [requireStaff()] as const,
  responses: { 200: { description: "The pass mark", ...json(passMarkBody) }, ...staffErrors },
});

const update = createRoute({
  method: "put",
  path: "/settings/pass-mark",
  tags: ["settings"],
  summary: "Changes the pass mark (super_admin)",
  middleware: [requireSettingsEditor()] as const,
  request: { body: { required: true, ...json(passMarkInputSchema) } },
  responses: {
    200: { description: "Saved", ...json(passMarkBody) },
    400: errorResponse("Not a grade from 0 to 20 with at most one decimal"),
    ...superAdminErrors,
  },
});

export const passMarkRoutes = createRouter()
  .openapi(read, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ passMark: await getPassMark(c.get("deps").db) }, 200);
  })
  .openapi(update, async (c) => c.json(await setPassMark(c.get("deps").db, c.req.valid("json")), 200));
