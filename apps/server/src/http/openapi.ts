// Loaded here, before any schema is named below: it adds .openapi() to Zod's schema prototype.
import "@hono/zod-openapi";
import type { z } from "@hono/zod-openapi";

/**
 * A shared schema under its name in /api/openapi.json (components/schemas). Zod copies the methods
 * added to its prototype onto each schema as the schema is made, so a shared schema made before
 * @hono/zod-openapi was loaded has no .openapi(); the fresh copy made here has it.
 */
export function component<T extends z.ZodType>(name: string, schema: T): T {
  return schema.clone().openapi(name);
}
