import { INVALID_DATA } from "@app/shared/messages";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { ApiError, sendError } from "./errors";

/** Every feature router is made here, so invalid input always answers 400 with the same Portuguese shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      const [first, ...rest] = issues;
      return sendError(c, first ? ApiError.invalid([first, ...rest]) : ApiError.of(400, INVALID_DATA));
    },
  });
}
