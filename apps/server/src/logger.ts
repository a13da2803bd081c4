import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** JSON logs. Secrets, passwords, tokens and document contents are never logged; the redact list is a safety net. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
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
  };
  // Standard output unless told otherwise (tests read what would be logged).
  return destination ? pino(options, destination) : pino(options);
}
