import type { Context } from "hono";
import { matchedRoutes, routePath } from "hono/route";

/**
 * The route a request is for, as registered (`/api/courses/:id`), never the raw URL: the label metrics
 * count by and the field every log line carries. The first matched route of a method is the endpoint
 * (middleware and the API's catch-all are registered for ALL); none: the middleware answering (`/api/*`).
 */
export function routeTemplate(c: Context): string {
  const endpoint = matchedRoutes(c).find((route) => route.method !== "ALL");
  return endpoint?.path ?? routePath(c);
}
