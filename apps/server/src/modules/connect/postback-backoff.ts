/**
 * When a failed postback is tried again (issue 35): waits that double from 1 s up to 5 min,
 * for an hour from the order event; a program's endpoint that is down for a deploy gets the
 * event within seconds of coming back, one down for longer hears of it within 5 minutes.
 */
import { MINUTE } from '../../platform/clock.ts';

export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 5 * MINUTE;
export const GIVE_UP_AFTER_MS = 60 * MINUTE;

/**
 * How long an attempt holds its row before any instance may take it back: longer than an
 * attempt can take (SEND_TIMEOUT_MS, then recording it).
 */
export const SEND_TIMEOUT_MS = 10_000;
export const POSTBACK_LEASE_MS = 30_000;

/** The wait after the `attempts`-th failed attempt. */
export const waitAfter = (attempts: number) =>
  Math.min(FIRST_WAIT_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20), MAX_WAIT_MS);

/**
 * The moment of the next attempt after `attempts` failures, the last at `failedAt`, of an event
 * recorded at `createdAt`; null when it would fall past the hour (the postback has failed).
 */
export function nextPostbackAttempt(
  attempts: number,
  failedAt: Date,
  createdAt: Date,
): Date | null {
  const next = failedAt.getTime() + waitAfter(attempts);
  return next > createdAt.getTime() + GIVE_UP_AFTER_MS ? null : new Date(next);
}
