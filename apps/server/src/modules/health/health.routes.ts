import { healthEndpoints as endpoints } from "@app/shared/contract/health";
import { healthSchemas as schemas } from "@app/shared/contract/health.schemas";
import { route } from "../../http/contract";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../http/errors";
import { createRouter } from "../../http/router";
import { pingDatabase } from "./health.service";

export const healthRoutes = createRouter().openapi(
  route(endpoints.health, schemas.health, { tags: ["system"] }),
  async (c) => {
    const { db, databaseKind, log } = c.get("deps");
    c.header("Cache-Control", "no-store");
    try {
      await pingDatabase(db);
      return c.json({ status: "ok" as const, database: databaseKind }, 200);
    } catch (err) {
      log.warn({ err }, "health check: database unreachable");
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      // The health body, not an error body: monitors read `status` (decision 023).
      return c.json({ status: "unavailable" as const, database: databaseKind }, 503) as never;
    }
  },
);
