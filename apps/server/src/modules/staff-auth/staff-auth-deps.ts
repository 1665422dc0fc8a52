/** What staff sign-in is built on, its limits and lifetimes, and what a request tells it. */
import type { Db } from '../../db/client.ts';
import type { AttemptRule } from '../../platform/attempts.ts';
import { type Clock, MINUTE } from '../../platform/clock.ts';
import type { StaffService } from '../staff/service.ts';
import type { StaffSessionCache } from './staff-session-cache.ts';

export type StaffAuthDeps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  staff: StaffService;
  /** Copies of sessions as console requests read them (staff-session-cache.ts). */
  sessions: StaffSessionCache;
};

export type Meta = { ip: string; userAgent?: string | undefined };

export const STAFF_LOCKOUT = { limit: 5, lockMs: 15 * MINUTE };
/** Unknown emails from one IP: the same limit, so guessing addresses is as slow as guessing passwords. */
export const STAFF_SIGN_IN_PER_IP: AttemptRule = {
  limit: 20,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const CHALLENGE_TTL_MS = 10 * MINUTE;
export const SESSION_IDLE_MS = 30 * MINUTE;
export const SESSION_MAX_MS = 8 * 60 * MINUTE;
export const RECOVERY_CODE_COUNT = 10;
/** Only refresh `last_seen_at` when it is older than this, to spare a write per request. */
export const TOUCH_AFTER_MS = MINUTE;
