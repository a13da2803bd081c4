import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { username } from "better-auth/plugins";
import { type Config, isHttps } from "../config";
import type { Database } from "../db/client";
import { authAccount, authRateLimit, authSession, authUser, authVerification } from "../db/schema";
import type { Logger } from "../logger";

/** Students sign in with their code; better-auth needs an e-mail, so each student gets this never-shown address. */
export const STUDENT_EMAIL_DOMAIN = "alunos.invalid";
export function studentEmail(code: string): string {
  return `${code.toLowerCase()}@${STUDENT_EMAIL_DOMAIN}`;
}

export function createAuth(config: Config, db: Database, log: Logger) {
  return betterAuth({
    appName: "Instituto",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.baseUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        rateLimit: authRateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 100,
      revokeSessionsOnPasswordReset: true,
    },
    plugins: [username({ minUsernameLength: 1, maxUsernameLength: 10 })],
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      customRules: { "/sign-in/*": { window: 60, max: 10 } },
    },
    advanced: {
      useSecureCookies: isHttps(config),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ["x-forwarded-for"] : [] },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => {
        if (level === "error") log.error({ auth: message });
        else log.debug({ auth: message });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
