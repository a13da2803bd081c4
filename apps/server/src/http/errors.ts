import type { CodedMessage } from "@app/shared/messages";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error fit to show a user: `{ "error": { "code", "message" } }` with a Portuguese message. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** A refusal the web also knows (`@app/shared/messages`): its stable code and its words. */
  static of(status: ContentfulStatusCode, known: CodedMessage, issues?: { path: string; message: string }[]) {
    return new ApiError(status, known.code, known.message, issues);
  }
}

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Error");

export function errorResponse(description: string) {
  return { description, content: { "application/json": { schema: errorBodySchema } } };
}

export function sendError(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(
    { error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) } },
    error.status,
  );
}

export const notFoundError = () => new ApiError(404, "not_found", "Recurso não encontrado");
