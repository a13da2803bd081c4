/**
 * What a provider sent, made storable (decision 079): PostgreSQL's text refuses NUL, its jsonb refuses
 * NUL and lone surrogates, and a varchar refuses what is longer than its width.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROLS = /[\u0000-\u001f\u007f]/g;
/** A lone surrogate (half of a pair). */
const LONE_SURROGATE = /\p{Cs}/gu;
export const wellFormed = (s: string) => s.replace(LONE_SURROGATE, "\uFFFD");

/** Text a varchar(max) holds and a person can read: control characters as \uXXXX, cut with '…'. */
export function safeText(value: unknown, max: number): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  const text = escapeControls(wellFormed(String(value)));
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
const escapeControls = (s: string) => s.replace(CONTROLS, unicodeEscape);

const RAW_MAX_DEPTH = 8;
const RAW_MAX_TEXT = 1_000;

/**
 * The provider's object as jsonb holds it (NUL escaped as \u0000, lone surrogates replaced; each text at most 1 000
 * characters, 8 levels deep): kept beside the notification for audit.
 */
export function storableRaw(value: unknown, depth = 0): unknown {
  if (typeof value === "string") {
    const text = wellFormed(value).replaceAll("\u0000", unicodeEscape);
    return text.length <= RAW_MAX_TEXT ? text : `${text.slice(0, RAW_MAX_TEXT)}…`;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= RAW_MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.map((v) => storableRaw(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [storableRaw(k) as string, storableRaw(v, depth + 1)]),
  );
}
