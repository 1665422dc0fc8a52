/** What PostgreSQL errors mean to the services, read through drizzle's wrapping. */
type PgError = { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown };

/**
 * An error and its causes, outermost first: the driver's error may be the thrown one or sit on
 * `.cause` (drizzle 0.45 wraps every query error in a DrizzleQueryError), so every question
 * below reads the whole chain. A cause that loops back is read once.
 */
function* causeChain(error: unknown): Generator<PgError> {
  const seen = new Set<unknown>();
  for (let e = error; typeof e === 'object' && e !== null && !seen.has(e);) {
    seen.add(e);
    yield e as PgError;
    e = (e as PgError).cause;
  }
}

/**
 * Whether a failed write broke a unique constraint (SQLSTATE 23505) — `constraint`, when named.
 * A driver that does not report the constraint's name counts as a match.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const { code, constraint: broken } of causeChain(error))
    if (code === '23505') return !constraint || !broken || broken === constraint;
  return false;
}

/** SQLSTATEs that mean "the database cannot do this now", not "the request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  // Two transactions each waiting for the other: PostgreSQL rolls one back whole, and the
  // request may be retried with its key, as after a lock timeout.
  '40P01', // deadlock_detected
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
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code))
        return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
  }
  return false;
}

/**
 * Whether PostgreSQL refused text it cannot store — a NUL character (22021) or one with no
 * form in the database's encoding (22P05): bad input, so the request is answered 400.
 */
export function isUnstorableText(error: unknown): boolean {
  for (const { code } of causeChain(error)) if (code === '22021' || code === '22P05') return true;
  return false;
}

/** The SQLSTATE of a failed query (a database function's own RAISE, say), along the cause chain. */
export function sqlStateOf(error: unknown): string | null {
  for (const { code } of causeChain(error))
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return null;
}

/**
 * Why an operation failed, for a log line: every message along the cause chain, outermost
 * first, with a SQLSTATE where there is one. drizzle's own message is only "Failed query: …"
 * and its statement: the reason (a lock not granted in time, a pool that timed out) is the
 * driver's, on `.cause`.
 */
export function failureReason(error: unknown): string {
  const parts: string[] = [];
  for (const { message, code } of causeChain(error)) {
    if (typeof message !== 'string' || !message) continue;
    // The statement drizzle quotes is long and says what ran, not why it failed: its first line.
    const said = message.split('\n')[0]!;
    parts.push(typeof code === 'string' && code ? `${said} (${code})` : said);
  }
  return parts.length ? parts.join(' ← ') : String(error);
}
