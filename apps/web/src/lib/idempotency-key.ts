/**
 * A fresh `Idempotency-Key` (a version 4 UUID) for one confirmation (decision 026): made when the dialog
 * opens and sent with each attempt, so a double click or a retry takes effect once on the server.
 * `crypto.randomUUID` exists only on https and localhost; over plain http on a local network the same
 * UUID is made from `crypto.getRandomValues`, which works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
