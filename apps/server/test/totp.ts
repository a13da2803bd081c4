import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

/**
 * The authenticator app's code `periods` periods away from now (computed by another TOTP library than the
 * server's). -1 is the code it showed just before: a later sign-in's current code is then of another
 * period, which a code once used must be (RFC 6238 §5.2).
 */
export function authenticatorCode(secret: string, periods = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + periods * PERIOD_MS });
}
