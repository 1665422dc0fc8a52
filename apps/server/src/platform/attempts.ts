/**
 * Counters for failures that must be limited across restarts and instances: sign-in per
 * mobile and per IP, reset-code checks. Kept in the database, one row per key.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { attemptCounters } from './tables.ts';

export type AttemptRule = { limit: number; windowMs: number; blockMs: number };

/** When the key is blocked, the time it opens again; otherwise null. */
export async function blockedUntil(db: Executor, key: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ blockedUntil: attemptCounters.blockedUntil })
    .from(attemptCounters)
    .where(eq(attemptCounters.key, key));
  return row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
}

/** Counts one failure; blocks the key once `limit` failures fall inside one window. */
export async function recordFailure(db: Executor, key: string, rule: AttemptRule, now: Date) {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${attemptCounters.windowStartedAt} < ${windowStart} then 1 else ${attemptCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${attemptCounters.windowStartedAt} < ${windowStart} then ${now} else ${attemptCounters.windowStartedAt} end`,
      },
    })
    .returning({ count: attemptCounters.count });
  if (row && row.count >= rule.limit) {
    await db
      .update(attemptCounters)
      .set({ blockedUntil: new Date(now.getTime() + rule.blockMs), count: 0, windowStartedAt: now })
      .where(eq(attemptCounters.key, key));
  }
  return row?.count ?? 1;
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

/**
 * Spends one attempt before the work it guards (a slow hash), in one atomic statement: of N
 * parallel attempts exactly `limit` in a window are let through, however they interleave —
 * the row lock of the upsert orders them. The one past the limit starts the block. Answers
 * whether this attempt may go ahead. A success gives its attempt back with `refundAttempt`.
 */
export async function claimAttempt(
  db: Executor,
  key: string,
  rule: AttemptRule,
  now: Date,
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const blockEnds = new Date(now.getTime() + rule.blockMs);
  const t = attemptCounters;
  // A window that ran out, or a block that ended, starts counting from one again.
  const fresh = sql`(${t.windowStartedAt} < ${windowStart} or ${t.blockedUntil} is not null)`;
  const blocked = sql`coalesce(${t.blockedUntil} > ${now}, false)`;
  const next = sql`case when ${fresh} then 1 else ${t.count} + 1 end`;
  const [row] = await db
    .insert(t)
    .values({
      key,
      count: 1,
      windowStartedAt: now,
      blockedUntil: rule.limit < 1 ? blockEnds : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${blocked} then ${t.count} else ${next} end`,
        windowStartedAt: sql`case when ${blocked} then ${t.windowStartedAt} when ${fresh} then ${now} else ${t.windowStartedAt} end`,
        blockedUntil: sql`case when ${blocked} then ${t.blockedUntil} when ${next} > ${rule.limit} then ${blockEnds}::timestamptz else null end`,
      },
    })
    .returning({ blockedUntil: t.blockedUntil });
  return !(row?.blockedUntil && row.blockedUntil > now);
}

/** Gives back an attempt that succeeded, so the owner's own sign-ins never add up to a block. */
export async function refundAttempt(db: Executor, key: string) {
  await db
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(eq(attemptCounters.key, key));
}
