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

/** SQLSTATEs that mean "the database cannot do this now", not "the request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // the pool's connect timeout
  'Connection terminated',
  'Client has encountered a connection error',
];

/**
 * Whether an error means the database is down, stuck or too busy (a timeout, a lock not
 * granted in time, a lost connection), searched along the cause chain: the request should
 * be answered 503 and may be retried (with its idempotency key) in a moment.
 */
export function isUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error; typeof e === 'object' && e !== null && !seen.has(e);) {
    seen.add(e);
    const { code, message, cause } = e as PgError & { message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code))
        return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    e = cause;
  }
  return false;
}

/**
 * Whether PostgreSQL refused text it cannot store — a NUL character (22021) or one with no
 * form in the database's encoding (22P05): bad input, so the request is answered 400.
 */
export function isUnstorableText(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error; typeof e === 'object' && e !== null && !seen.has(e);) {
    seen.add(e);
    const { code, cause } = e as PgError;
    if (code === '22021' || code === '22P05') return true;
    e = cause;
  }
  return false;
}

/** The SQLSTATE of a failed query (a database function's own RAISE, say), along the cause chain. */
export function sqlStateOf(error: unknown): string | null {
  const seen = new Set<unknown>();
  for (let e = error; typeof e === 'object' && e !== null && !seen.has(e);) {
    seen.add(e);
    const { code, cause } = e as PgError;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return null;
}
