import { NETWORK_ERROR, UNEXPECTED_ERROR } from "@app/shared/request-messages";
import type { apiErrorSchema } from "@app/shared/schemas/errors";
import type { z } from "@app/shared/zod";

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

/** fetch for /api: JSON (or multipart FormData) in, JSON out, cookies of this site, errors as ApiError with the server's message. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  // A FormData body goes as multipart (the browser sets its boundary); anything else as JSON.
  const json = init.body !== undefined && !(init.body instanceof FormData);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: init.method ?? "GET",
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
