import { type ApplicationSource, normaliseSource } from "@app/shared/application-source";

/**
 * Where a visitor came from (decision 093 'Where applicants come from'): a link's `?origem=` (or
 * `utm_source`) on any page is folded into the known list and kept on the device (localStorage, so it
 * survives account creation, e-mail links opened in another tab and sign-in), for 30 days; the enrolment
 * form starts from it and forgets it once sent. The newest link wins.
 */
const KEY = "origem-da-visita";
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export function rememberArrivalSource(search: string, now = Date.now()) {
  const params = new URLSearchParams(search);
  const source = normaliseSource(params.get("origem") ?? params.get("utm_source"));
  if (!source) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ source, at: now }));
  } catch {
    // Storage refused (private mode, full): the form's question still asks.
  }
}

/** The remembered source, or "" when there is none (or it is older than 30 days). */
export function arrivalSource(now = Date.now()): ApplicationSource | "" {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null") as { source?: unknown; at?: unknown } | null;
    if (!kept || typeof kept.at !== "number" || now - kept.at > KEEP_MS) return "";
    return normaliseSource(kept.source) ?? "";
  } catch {
    return "";
  }
}

export function forgetArrivalSource() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
