import type { z } from "../zod";

/**
 * The API contract (decision 054): each endpoint is defined once, in two halves that both apps import.
 *
 * - `<module>.ts`: the endpoint's method and path, carrying its schemas as a type only. The web imports
 *   this half, so calling the API costs the public pages no validation library.
 * - `<module>.schemas.ts`: what the endpoint takes and answers, as the zod schemas the server mounts,
 *   validates with and publishes in /api/openapi.json.
 *
 * `endpoint<typeof schemas.x>()` ties the two: the server cannot mount an endpoint with schemas other
 * than its own, and the web's `api(endpoint, …)` types its params, body and answer from them.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** An answer that is a file as it is (PDF, CSV, XLSX, a document): its possible content types. */
export interface FileAnswer {
  readonly file: readonly string[];
}

/** Success answers by status: a JSON schema, a file, or `null` for no body (204, 304). */
export interface Answers {
  readonly 200?: z.ZodType | FileAnswer;
  readonly 201?: z.ZodType;
  readonly 204?: null;
  readonly 304?: null;
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface EndpointSchemas {
  /** For /api/openapi.json: what the endpoint does and who may call it. */
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Request headers the endpoint requires (e.g. an Idempotency-Key), names in lower case. */
  readonly headers?: z.ZodObject;
  /** A JSON body. */
  readonly body?: z.ZodType;
  /** A multipart/form-data body (files): documented here, read by the handler. */
  readonly form?: z.ZodObject;
  readonly answers: Answers;
  /** Refusals this endpoint itself gives (the guards add 401/403), each `{ error }` with a Portuguese message. */
  readonly errors?: { readonly [S in ErrorStatus]?: string };
}

declare const schemasOf: unique symbol;

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  readonly method: Method;
  /** Under /api; path parameters as `{name}`. */
  readonly path: string;
  /** Type only: never set at run time. */
  readonly [schemasOf]?: S;
}

export function endpoint<S extends EndpointSchemas>(method: Method, path: string): Endpoint<S> {
  return { method, path };
}

/** Keeps the literal shape of a module's schemas (statuses, optional parts) for `endpoint<…>()`. */
export const endpointSchemas = <const T extends Record<string, EndpointSchemas>>(schemas: T): T => schemas;

/** One part of an endpoint's schemas (`params`, `body`…), or undefined when it has none. */
export type SchemaPart<S, K extends PropertyKey> = K extends keyof S ? S[K] : undefined;

export type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;

type JsonAnswer<A> = A extends z.ZodType ? z.output<A> : A extends FileAnswer ? Blob : undefined;

/** What a successful call gives back: the JSON of its 200 or 201 answer, or nothing (204). */
export type AnswerOf<E> = SchemasOf<E>["answers"] extends infer A extends Answers
  ? 200 extends keyof A
    ? JsonAnswer<A[200]>
    : 201 extends keyof A
      ? JsonAnswer<A[201]>
      : undefined
  : never;
