import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { SecretConfig } from "better-auth/crypto";
import { twoFactor } from "better-auth/plugins";
import { type Config, isHttps } from "../config";
import type { Database } from "../db/client";
import { authAccount, authSession, authTwoFactor, authUser, authVerification } from "../db/schema";
import type { Logger } from "../logger";
import type { MailQueue } from "../mail/mail-queue";
import { backupCodeStorage, newBackupCodes } from "./backup-codes";
import { configurePasswordQueue, hashPassword, verifyPassword } from "./password-hashing";
import { resetLink } from "./reset-link";

/** Students sign in with their code; better-auth needs an e-mail, so each student gets this never-shown address. */
export const STUDENT_EMAIL_DOMAIN = "alunos.invalid";
export function studentEmail(code: string): string {
  return `${code.toLowerCase()}@${STUDENT_EMAIL_DOMAIN}`;
}
export function isStudentEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${STUDENT_EMAIL_DOMAIN}`);
}

export const RESET_LINK_LIFETIME_SECONDS = 60 * 60;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;

/**
 * better-auth keeps sessions (PostgreSQL, HttpOnly SameSite=Lax cookies, Secure on https) and
 * password hashes. Its HTTP handler is not mounted: our own routes call auth.api so every answer is in
 * Portuguese, rate-limited by us and listed in the OpenAPI document — modules/sign-in/ (sign-in,
 * sign-up, sign-out, password reset) and modules/two-factor/ (the code step, the set-up). This folder
 * (src/auth/) is what every route uses: this set-up, the session, the guards, hashing, limits, CSRF.
 */
export function createAuth(config: Config, db: Database, mail: MailQueue, log: Logger) {
  configurePasswordQueue(config.passwordQueueSeconds);
  const auth = betterAuth({
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
        twoFactor: authTwoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 100,
      resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Sign-ins and resets wait their turn with the server's other hashes (decision 068).
      password: { hash: hashPassword, verify: verifyPassword },
      // Enqueued (decision 056): the answer never waits for a mail server, and it is the same for an
      // unknown address, which enqueues nothing.
      sendResetPassword: async ({ user, token }) => {
        const link = resetLink(config.baseUrl, token);
        await mail.enqueueNow({
          to: user.email,
          subject: "Redefinir a sua senha — Instituto",
          text: [
            `Olá ${user.name},`,
            "",
            "Recebemos um pedido para redefinir a senha da sua conta da equipe do Instituto.",
            `Para escolher uma nova senha, abra este link (válido durante 1 hora, uma única vez):`,
            link,
            "",
            "Se não fez este pedido, ignore este e-mail: a sua senha continua a mesma.",
          ].join("\n"),
        });
      },
    },
    plugins: [
      // Staff two-factor sign-in (decision 076): TOTP of 6 digits every 30 s (the previous and next
      // period accepted; each period once per user, claimed by our routes: decision 080), 10 backup
      // codes, and the plugin's lock after 10 wrong codes in a row. The issuer (the institute's name)
      // is given when a user turns it on; only our routes reach it.
      twoFactor({
        issuer: "Instituto",
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
        backupCodeOptions: {
          amount: BACKUP_CODE_COUNT,
          // Upper case without look-alikes, matched in any case, with or without the dash (decision 086);
          // encrypted with the key the plugin's own "encrypted" mode uses, so codes issued before still open.
          customBackupCodesGenerate: () => newBackupCodes(BACKUP_CODE_COUNT),
          storeBackupCodes: backupCodeStorage(
            async (): Promise<string | SecretConfig> => (await auth.$context).secretConfig,
          ),
        },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Off for every new session; set by our routes once a second factor opened it (decision 080).
      additionalFields: { secondFactorVerified: { type: "boolean", defaultValue: false, input: false } },
    },
    rateLimit: { enabled: false }, // our own limits, per account and per IP (rate-limit.ts)
    advanced: {
      useSecureCookies: isHttps(config),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => {
        if (level === "error") log.error({ auth: message });
        else log.debug({ auth: message });
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
