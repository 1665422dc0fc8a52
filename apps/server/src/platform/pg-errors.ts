/** What PostgreSQL errors mean to the services, read through drizzle's wrapping. */
type PgError = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * Whether a failed write broke a unique constraint (SQLSTATE 23505) — `constraint`, when named.
 * The driver's error may be the thrown one or sit on `.cause` (drizzle 0.45 wraps every query
 * error in a DrizzleQueryError), so the whole cause chain is searched. A driver that does not
 * report the constraint's name counts as a match.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  for (let e = error; typeof e === 'object' && e !== null && !seen.has(e);) {
    seen.add(e);
    const { code, constraint: broken, cause } = e as PgError;
    if (code === '23505') return !constraint || !broken || broken === constraint;
    e = cause;
  }
  return false;
}
