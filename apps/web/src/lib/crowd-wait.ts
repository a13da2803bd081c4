/**
 * A request the server answered with 503 'crowded' (its password hasher's line is full, decision 090) waits
 * the Retry-After seconds and is sent once more by lib/api; meanwhile every screen shows the countdown
 * (components/crowd-wait-notice). No React and no Mantine here: lib/api, which the public pages load too,
 * imports this module.
 */

import { CROWDED_CODE } from "@app/shared/request-messages";

/**
 * The seconds to wait before sending again, when an answer is a 503 'crowded' (Retry-After, 1–60; 5 when
 * missing or unreadable); undefined for any other answer.
 */
export function crowdedRetryAfter(status: number, code: string | undefined, retryAfter: string | null) {
  if (status !== 503 || code !== CROWDED_CODE) return undefined;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds >= 1 ? Math.min(60, Math.ceil(seconds)) : 5;
}

/** Until when (Date.now() milliseconds) the request waits, and the seconds the server said. */
export interface CrowdWait {
  until: number;
  seconds: number;
}

let current: CrowdWait | null = null;
const listeners = new Set<() => void>();

function set(next: CrowdWait | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeCrowdWait(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The wait shown now, or null. */
export function crowdWait(): CrowdWait | null {
  return current;
}

/** Waits `seconds` with the countdown shown, then hides it; an aborted request stops waiting at once. */
export function waitOutCrowd(seconds: number, signal?: AbortSignal): Promise<void> {
  const wait: CrowdWait = { until: Date.now() + seconds * 1000, seconds };
  set(wait);
  const done = () => {
    if (current === wait) set(null);
  };
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      resolve();
    }, seconds * 1000);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      done();
      reject(signal.reason);
    });
  });
}
