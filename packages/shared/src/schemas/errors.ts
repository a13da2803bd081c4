import { z } from "../zod";

/** Every error answer of the API: a code, a Portuguese message fit to show, and per-field issues for invalid input. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** On a 5xx answer: the request's id (X-Request-Id), for a user to quote and an operator to find in the logs. */
    requestId: z.string().optional(),
  }),
});
