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
