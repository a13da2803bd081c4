import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { ApiError } from "../http/errors";

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Limits of SPEC §9's protections; per account and per IP, shared by every instance. */
export const LIMITS = {
  signInPerAccount: { max: 5, windowSeconds: 15 * 60 },
  signInPerIp: { max: 50, windowSeconds: 15 * 60 },
  createAccountPerIp: { max: 10, windowSeconds: 60 * 60 },
  createAccountPerPhone: { max: 3, windowSeconds: 60 * 60 },
  passwordResetPerAccount: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one attempt under `key` (fixed window, one atomic upsert) and refuses with 429 and
 * Retry-After once the window's maximum is passed.
 */
export async function consumeAttempt(db: Database, key: string, limit: Limit): Promise<void> {
  const window = sql.raw(`interval '${Math.floor(limit.windowSeconds)} seconds'`);
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`);
  const row = result.rows[0]!;
  if (row.count > limit.max) {
    const seconds = Math.max(1, row.retry_after);
    const minutes = Math.ceil(seconds / 60);
    throw new ApiError(
      429,
      "too_many_attempts",
      `Muitas tentativas. Tente novamente dentro de ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }
}

/** Forgets an account's failed attempts after a successful sign-in. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
