import type { CodedMessage } from "@app/shared/messages";
import { DATABASE_UNAVAILABLE } from "@app/shared/request-messages";
import { apiErrorSchema } from "@app/shared/schemas/errors";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { component } from "./openapi";

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

/** How long a client is told to wait before trying again while the database does not answer (decision 023). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503: the database could not be reached or dropped the connection (`isDatabaseUnavailable`). */
export function databaseUnavailable(): ApiError {
  return new ApiError(503, DATABASE_UNAVAILABLE.code, DATABASE_UNAVAILABLE.message, undefined, {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  });
}

export const errorBodySchema = component("Error", apiErrorSchema);

export function errorResponse(description: string) {
  return { description, content: { "application/json": { schema: errorBodySchema } } };
}

/** The 401 and 403 answers of a route behind a guard; `refused` says who gets the 403. */
export const guardErrors = (refused: string) => ({ 401: errorResponse("Not signed in"), 403: errorResponse(refused) });
/** Behind requireStaff(): any staff user with a role. */
export const staffErrors = guardErrors("Not staff with a role");
/** Behind requireCatalogManager(): creating, editing and deleting is for super_admin, admin and secretaria (decision 014). */
export const catalogManagerErrors = guardErrors("Not super_admin, admin or secretaria");
/** Behind requireStaff("super_admin"). */
export const superAdminErrors = guardErrors("Not a super_admin");
/** Behind requireStudent(). */
export const studentErrors = guardErrors("Not a student, or a student whose password is still temporary");

export function sendError(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(
    { error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) } },
    error.status,
  );
}
