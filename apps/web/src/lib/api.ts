export type { AnswerOf } from "@app/shared/contract/endpoint";

import type { AnswerOf, Endpoint, SchemaPart, SchemasOf } from "@app/shared/contract/endpoint";
import { NETWORK_ERROR, UNEXPECTED_ERROR } from "@app/shared/request-messages";
import type { apiErrorSchema } from "@app/shared/schemas/errors";
import type { z } from "@app/shared/zod";
import { crowdedRetryAfter, waitOutCrowd } from "./crowd-wait";

type ErrorBody = z.infer<typeof apiErrorSchema>;

/** An error answer from our API: its HTTP status, code and the Portuguese message fit to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: NonNullable<ErrorBody["error"]["issues"]> = [],
  ) {
    super(message);
  }
}

type Input<T> = T extends z.ZodType ? z.input<T> : never;

/** What a call of endpoint E needs: its path params, query, body (JSON, or FormData for files), required headers. */
export type CallOf<E> = (SchemaPart<SchemasOf<E>, "params"> extends z.ZodType
  ? { params: Input<SchemaPart<SchemasOf<E>, "params">> }
  : { params?: never }) &
  (SchemaPart<SchemasOf<E>, "query"> extends z.ZodType
    ? { query?: Input<SchemaPart<SchemasOf<E>, "query">> }
    : { query?: never }) &
  (SchemaPart<SchemasOf<E>, "body"> extends z.ZodType
    ? { body: Input<SchemaPart<SchemasOf<E>, "body">> }
    : SchemaPart<SchemasOf<E>, "form"> extends z.ZodType
      ? { body: FormData }
      : { body?: never }) &
  (SchemaPart<SchemasOf<E>, "headers"> extends z.ZodType
    ? { headers: Input<SchemaPart<SchemasOf<E>, "headers">> & Record<string, string> }
    : { headers?: Record<string, string> }) & { signal?: AbortSignal };

type CallArgs<E> = object extends CallOf<E> ? [call?: CallOf<E>] : [call: CallOf<E>];

/**
 * The URL of an endpoint of the shared contract under /api, with its path params filled in and its
 * query (undefined and empty values left out): for calls, and for links to files (PDFs, exports).
 */
export function apiUrl(
  endpoint: Endpoint,
  params: Record<string, string | number> = {},
  query: Record<string, unknown> = {},
): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ""}`;
}

/**
 * Calls an endpoint of the shared contract (`@app/shared/contract/*`): its method and path come from
 * there, and TypeScript checks the params and body and types the answer from the server's own schemas.
 */
export function api<E extends Endpoint>(endpoint: E, ...[call]: CallArgs<E>): Promise<AnswerOf<E>> {
  const { params, query, body, signal, headers } = (call ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  return request(apiUrl(endpoint, params, query), { method: endpoint.method.toUpperCase(), body, signal, headers });
}

/** How a request is sent: the browser's fetch, or the server's own answer when it draws a screen (decision 102). */
let send: typeof fetch = (input, init) => fetch(input, init);

/** For the server's drawing of a screen with its data (prerender-screens.tsx): its calls answered in process. */
export function sendRequestsWith(sender: typeof fetch): void {
  send = sender;
}

/**
 * fetch: JSON (or multipart FormData) in, JSON out, cookies of this site, errors as ApiError with the
 * server's message. A 503 'crowded' (the server's password hasher has a full line, decision 090) is waited
 * out — the Retry-After seconds, counted down on screen — and the request sent once more by itself.
 */
async function request<T>(
  url: string,
  init: { method: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> },
  crowdedBefore = false,
): Promise<T> {
  // A FormData body goes as multipart (the browser sets its boundary); anything else as JSON.
  const json = init.body !== undefined && !(init.body instanceof FormData);
  let res: Response;
  try {
    res = await send(url, {
      method: init.method,
      credentials: "same-origin",
      headers: { ...(json ? { "content-type": "application/json" } : {}), ...init.headers },
      body: json ? JSON.stringify(init.body) : (init.body as FormData | undefined),
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, NETWORK_ERROR.code, NETWORK_ERROR.message);
  }
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    // Not necessarily our API's answer (a proxy's error page): every part of the error body may be missing.
    const error = (data as { error?: Partial<ErrorBody["error"]> } | undefined)?.error;
    const crowded = crowdedRetryAfter(res.status, error?.code, res.headers.get("retry-after"));
    if (crowded && !crowdedBefore) {
      await waitOutCrowd(crowded, init.signal);
      return request(url, init, true);
    }
    throw new ApiError(
      res.status,
      error?.code ?? "http_error",
      error?.message ?? UNEXPECTED_ERROR.message,
      error?.issues,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
