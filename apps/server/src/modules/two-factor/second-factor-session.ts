import { TWO_FACTOR_CODE_USED } from "@app/shared/messages";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "../../auth/auth";
import type { Database } from "../../db/client";
import { authSession, authTwoFactor } from "../../db/schema";
import type { AppDeps } from "../../http/env";
import { ApiError } from "../../http/errors";

/**
 * What a second factor the twoFactor plugin accepted does to sessions (decision 080). The plugin accepts a
 * code of the previous, current or next 30-second period and opens a session, but remembers no code. So,
 * after it: the code's period is claimed for the user (RFC 6238 §5.2: a period already used, or older, is
 * refused) and the new session is marked as opened with a second factor, or deleted when the claim fails.
 * The claim is one conditional UPDATE, so two requests or two instances cannot both claim one period.
 */

/** When the plugin checked a code: the clock before and after its call (its own reading lies between). */
export interface CheckedBetween {
  from: number;
  to: number;
}

/** The 30-second period of an authenticator code the plugin accepted for this user (null: none matches). */
export async function periodOfCode(
  { auth, db }: Pick<AppDeps, "auth" | "db">,
  userId: string,
  code: string,
  { from, to }: CheckedBetween,
): Promise<number | null> {
  const [row] = await db
    .select({ secret: authTwoFactor.secret })
    .from(authTwoFactor)
    .where(eq(authTwoFactor.userId, userId));
  if (!row) return null;
  // The plugin keeps its secret encrypted with the session secret, and uses the string's UTF-8 bytes as the key.
  const secret = await symmetricDecrypt({ key: (await auth.$context).secretConfig, data: row.secret });
  const totp = new TOTP({ secret: Secret.fromUTF8(secret), digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  for (const timestamp of [from, to]) {
    const delta = totp.validate({ token: code, timestamp, window: 1 });
    if (delta !== null) return totp.counter({ timestamp }) + delta;
  }
  return null;
}

interface Admission {
  userId: string;
  /** The token of the session the plugin just opened (its cookie is not sent yet). */
  token: string;
  /** The authenticator code's period to claim; undefined for a backup code (the plugin spends it). */
  period?: number | null;
  /** The set-up's confirmation: the user's sessions opened before it end. */
  endOtherSessions?: boolean;
}

/**
 * Marks the session as opened with a second factor, after claiming the code's period. A period already
 * used deletes the new session and refuses (TWO_FACTOR_CODE_USED): the plugin has spent the code step.
 */
export async function admitSession(db: Database, { userId, token, period, endOtherSessions }: Admission) {
  const admitted = await db.transaction(async (tx) => {
    if (period !== undefined) {
      const claimed =
        period !== null &&
        (
          await tx
            .update(authTwoFactor)
            .set({ lastTotpPeriod: period })
            .where(
              and(
                eq(authTwoFactor.userId, userId),
                or(isNull(authTwoFactor.lastTotpPeriod), lt(authTwoFactor.lastTotpPeriod, period)),
              ),
            )
            .returning({ id: authTwoFactor.id })
        ).length > 0;
      if (!claimed) {
        await tx.delete(authSession).where(eq(authSession.token, token));
        return false;
      }
    }
    await tx.update(authSession).set({ secondFactorVerified: true }).where(eq(authSession.token, token));
    if (endOtherSessions) {
      await tx.delete(authSession).where(and(eq(authSession.userId, userId), ne(authSession.token, token)));
    }
    return true;
  });
  if (!admitted) throw ApiError.of(401, TWO_FACTOR_CODE_USED);
}
