/** The PostgreSQL error behind a failed drizzle query (node-postgres puts it in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  return (err as { cause?: { code?: string; constraint?: string } } | null)?.cause;
}

/** A unique constraint refused the write (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown) => pgError(err)?.code === "23505";

/**
 * A foreign key refused the write (SQLSTATE 23503): a referenced row is missing, or a row still points
 * at the one being deleted. `constraintPart` narrows it to constraints whose name contains that text.
 */
export function isForeignKeyViolation(err: unknown, constraintPart?: string) {
  const cause = pgError(err);
  if (cause?.code !== "23503") return false;
  return constraintPart === undefined || Boolean(cause.constraint?.includes(constraintPart));
}

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * SQLSTATEs of a database that is going away or cannot take the work now: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in
 * recovery), 57014 query_canceled (our statement_timeout), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57014", "53300"]);

/** What node-postgres and pg-pool say when a connection is lost, not made in time, or a query gets no answer. */
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "is not queryable",
];

/**
 * The database could not be reached or dropped the connection: the request is answered 503
 * DATABASE_UNAVAILABLE (decision 023). Walks the `cause` chain, since drizzle (DrizzleQueryError) and
 * better-auth (APIError) wrap the driver's error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    const { code, message, cause, query } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      query?: unknown;
    };
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08"))
    )
      return true;
    // drizzle's own message quotes the query's parameters (user input): only its cause counts.
    const own = query === undefined && typeof message === "string";
    if (own && CONNECTION_MESSAGES.some((m) => (message as string).includes(m))) return true;
    e = cause;
  }
  return false;
}

/** The innermost error's code and message (the driver's), for a log line without query parameters. */
export function rootCause(err: unknown): { code?: string; message?: string } {
  let e = err as { code?: string; message?: string; cause?: unknown };
  for (let depth = 0; e.cause && typeof e.cause === "object" && depth < 8; depth++) e = e.cause as typeof e;
  return { code: e.code, message: e.message };
}
