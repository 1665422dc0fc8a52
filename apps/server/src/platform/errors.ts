/** Errors a service may raise; the envelope plugin turns them into `{code, message, data}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data?: unknown) => new AppError(400, message, data);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string) => new AppError(429, message);

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
