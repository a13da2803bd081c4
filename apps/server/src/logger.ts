import pino, { type DestinationStream, type Logger } from "pino";
import { requestLogFields } from "./http/request-context";

export type { Logger };

/**
 * JSON logs. Secrets, passwords, tokens, document contents and students' personal data are never logged;
 * the redact list is a safety net. A line written during a request carries its id, route template and
 * user id (http/request-context.ts).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    mixin: requestLogFields,
    redact: {
      paths: [
        "password",
        "*.password",
        "newPassword",
        "*.newPassword",
        "token",
        "*.token",
        "headers.cookie",
        "headers.authorization",
        "authSecret",
      ],
      censor: "[redacted]",
    },
  };
  // Standard output unless told otherwise (tests read what would be logged).
  return destination ? pino(options, destination) : pino(options);
}
