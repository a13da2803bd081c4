import type { AnswerOf, Endpoint } from "@app/shared/contract/endpoint";
import { NETWORK_ERROR, UNEXPECTED_ERROR } from "@app/shared/request-messages";
import { ApiError, apiUrl, type CallOf } from "./api";
import { crowdedRetryAfter, waitOutCrowd } from "./crowd-wait";

/**
 * Sends a multipart form to an endpoint of the shared contract (one whose schemas have a `form`),
 * reporting real upload progress in percent; the answer is typed from the endpoint's schemas.
 */
export function upload<E extends Endpoint>(
  endpoint: E,
  call: Pick<CallOf<E>, "params"> & { body: FormData },
  onProgress: (percent: number) => void,
  fallback?: string,
): Promise<AnswerOf<E>> {
  const { params } = call as { params?: Record<string, string | number> };
  return send(endpoint.method.toUpperCase(), apiUrl(endpoint, params), call.body, onProgress, fallback);
}

/**
 * A multipart request that reports real upload progress in percent (XMLHttpRequest: fetch cannot report
 * upload progress). Errors come back as ApiError with the server's message, or `fallback` when the
 * answer carries none (a proxy's error page). A 503 'crowded' is waited out and sent once more, as lib/api does.
 */
function send<T>(
  method: string,
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  fallback: string = UNEXPECTED_ERROR.message,
  crowdedBefore = false,
): Promise<T> {
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
      const crowded = crowdedRetryAfter(xhr.status, data?.error?.code, xhr.getResponseHeader("retry-after"));
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else if (crowded && !crowdedBefore)
        waitOutCrowd(crowded).then(() => resolve(send(method, url, form, onProgress, fallback, true)), reject);
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
