import pino, { type Logger } from "pino";

export type { Logger };

/** JSON logs. Secrets, passwords, tokens and document contents are never logged; the redact list is a safety net. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "newPassword",
        "*.newPassword",
        "token",
        "*.token",
        "headers.cookie",
        "authSecret",
      ],
      censor: "[redacted]",
    },
  });
}
