import { healthSchema } from "@app/shared/schemas/health";
import { createRoute } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter } from "../../http/router";

const healthBody = component("Health", healthSchema);

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness and database reachability",
  responses: {
    200: {
      description: "The server and its database answer",
      content: { "application/json": { schema: healthBody } },
    },
    503: { description: "The database does not answer", content: { "application/json": { schema: healthBody } } },
  },
});

export const healthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const { db, databaseKind, log } = c.get("deps");
  c.header("Cache-Control", "no-store");
  try {
    await db.execute(sql`select 1`);
    return c.json({ status: "ok" as const, database: databaseKind }, 200);
  } catch (err) {
    log.warn({ err }, "health check: database unreachable");
    c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json({ status: "unavailable" as const, database: databaseKind }, 503);
  }
});
