/**
 * When a failed delivery is tried again. SMTP failures are mostly a server that is down or
 * busy for minutes; the waits grow so that a day-long outage costs a handful of attempts, and
 * the last attempt falls a little after 24 hours, when a contract note is overdue anyway.
 */
import { MINUTE } from '../../platform/clock.ts';

/** Waits after the 1st, 2nd, ... failed attempt; after the last one the message has failed. */
export const RETRY_WAITS_MS = [
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * 60 * MINUTE,
  6 * 60 * MINUTE,
  16 * 60 * MINUTE,
] as const;

export const MAX_ATTEMPTS = RETRY_WAITS_MS.length + 1;

/** The moment of the next attempt after `attempts` failures, or null when none is left. */
export function nextAttemptAfter(attempts: number, failedAt: Date): Date | null {
  const wait = RETRY_WAITS_MS[attempts - 1];
  return wait === undefined ? null : new Date(failedAt.getTime() + wait);
}

/** How long a claimed message stays with the sender before another pass may take it back. */
export const SENDING_LEASE_MS = 5 * MINUTE;
