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
