import { type CodedMessage, FILE_NOT_READABLE, FILES_NOT_STORED, INVALID_DATA } from "@app/shared/messages";
import { crowded, DATABASE_UNAVAILABLE, errorCodeSentence } from "@app/shared/request-messages";
import { apiErrorSchema } from "@app/shared/schemas/errors";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { component } from "./openapi";

type Issue = { path: string; message: string };

/**
 * An error fit to show a user: `{ "error": { "code", "message" } }` with a Portuguese message. The
 * constructor is private: every refusal is a message of the shared package (`@app/shared/messages`, or a
 * factory beside the text it composes), so its words and its code are written once for both apps, and
 * no route or service can answer with a code or a text of its own (issue 22).
 */
export class ApiError extends Error {
  private constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** A refusal the web also knows (`@app/shared/messages`): its stable code and its words. */
  static of(status: ContentfulStatusCode, known: CodedMessage, issues?: Issue[], headers?: Record<string, string>) {
    return new ApiError(status, known.code, known.message, issues, headers);
  }

  /** The same refusal, also put on one form field (the field shows the message). */
  static onField(status: ContentfulStatusCode, known: CodedMessage, path: string) {
    return new ApiError(status, known.code, known.message, [{ path, message: known.message }]);
  }

  /**
   * 400 'validation_error' for input a schema (or a check that repeats a schema's rule) refused: the
   * message is the first issue's, the words of the shared schemas and field messages.
   */
  static invalid(issues: [Issue, ...Issue[]]) {
    return new ApiError(400, INVALID_DATA.code, issues[0].message, issues);
  }
}

/** How long a client is told to wait before trying again while the database does not answer (decision 023). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503: the database could not be reached or dropped the connection (`isDatabaseUnavailable`). */
export function databaseUnavailable(): ApiError {
  return ApiError.of(503, DATABASE_UNAVAILABLE, undefined, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
}

/**
 * 503: the file storage (disk folder or S3 bucket) failed (`StorageUnavailableError`, decision 066). A
 * failed save says the files were not stored and to send again; a failed read says the file cannot be
 * opened now. Same Retry-After as the database's.
 */
export function storageUnavailable(operation: "write" | "read" | "delete"): ApiError {
  const known = operation === "read" ? FILE_NOT_READABLE : FILES_NOT_STORED;
  return ApiError.of(503, known, undefined, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
}

/**
 * 503: the password hasher's line is full (decision 090). Said at once, with the seconds the line needs to
 * drain, in the message and in Retry-After: the web counts them down and sends the request once more.
 */
export function crowdedAnswer(seconds: number): ApiError {
  return ApiError.of(503, crowded(seconds), undefined, { "Retry-After": String(seconds) });
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

/**
 * The error answer. A 5xx one also carries the request's id (decision 098); an unexpected error (500) says
 * it in its message too, so the person who sees it can quote it and the technician find its log lines.
 */
export function sendError(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  const requestId: string | undefined = error.status >= 500 ? c.get("requestId") : undefined;
  const message =
    requestId && error.status === 500 ? `${error.message} ${errorCodeSentence(requestId)}` : error.message;
  return c.json(
    {
      error: {
        code: error.code,
        message,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(requestId ? { requestId } : {}),
      },
    },
    error.status,
  );
}
