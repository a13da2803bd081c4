import type { AnswerOf, Endpoint } from "@app/shared/contract/endpoint";
import { NETWORK_ERROR, UNEXPECTED_ERROR } from "@app/shared/request-messages";
import { ApiError, apiUrl, type CallOf } from "./api";

/**
 * A multipart request to /api that reports real upload progress in percent (XMLHttpRequest: fetch cannot
 * report upload progress). Errors come back as ApiError with the server's message, or `fallback` when
 * the answer carries none (a proxy's error page).
 */
export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  call: Pick<CallOf<E>, "params"> & { form: FormData },
  onProgress: (percent: number) => void,
  fallback?: string,
): Promise<AnswerOf<E>>;
/** @deprecated A path typed in by hand: being replaced by contract endpoints (issue 22). */
export function uploadWithProgress<T>(
  method: "POST" | "PUT",
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  fallback?: string,
): Promise<T>;
export function uploadWithProgress(...args: unknown[]): Promise<unknown> {
  if (typeof args[0] === "string") {
    const [method, path, form, onProgress, fallback] = args as [string, string, FormData, (p: number) => void, string?];
    return send(method, `/api${path}`, form, onProgress, fallback);
  }
  const [endpoint, call, onProgress, fallback] = args as [
    Endpoint,
    { params?: Record<string, string>; form: FormData },
    (p: number) => void,
    string?,
  ];
  return send(endpoint.method.toUpperCase(), apiUrl(endpoint, call.params), call.form, onProgress, fallback);
}

function send(
  method: string,
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  fallback: string = UNEXPECTED_ERROR.message,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const data = (() => {
        try {
          return JSON.parse(xhr.responseText);
        } catch {
          return undefined;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else
        reject(
          new ApiError(
            xhr.status,
            data?.error?.code ?? "http_error",
            data?.error?.message ?? fallback,
            data?.error?.issues,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR.code, NETWORK_ERROR.message));
    xhr.send(form);
  });
}
