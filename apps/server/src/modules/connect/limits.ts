/**
 * Per-app request limits (the exchanges' retail-algo rules and the wire's own): orders 10 a
 * second, 400 a minute and 5,000 a day; quotes 1 a second; historical candles 3 a second;
 * everything else 10 a second. Fixed windows, counted where every instance sees the same
 * count (decision 036): in Redis when REDIS_URL is set, else in PostgreSQL. `createLimiter`
 * is the rule itself, in memory, for unit tests and the bench's baseline.
 */
import { sql } from 'drizzle-orm';
import { daysInMs, IST_OFFSET_MS } from '@sampada/shared';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { connectLimitCounts } from './tables.ts';

export type LimitKind = 'orders' | 'quotes' | 'historical' | 'other';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = daysInMs(1);

export const LIMITS: Record<LimitKind, Array<{ max: number; windowMs: number }>> = {
  orders: [
    { max: 10, windowMs: SECOND },
    { max: 400, windowMs: MINUTE },
    { max: 5000, windowMs: DAY },
  ],
  quotes: [{ max: 1, windowMs: SECOND }],
  historical: [{ max: 3, windowMs: SECOND }],
  other: [{ max: 10, windowMs: SECOND }],
};

/**
 * The index of the fixed window of `windowMs` that `nowMs` falls in. Seconds and minutes start
 * on multiples of their length; the day is the IST day (midnight IST, not UTC), the day the
 * exchanges' 5,000 orders a day are counted by.
 */
export const windowIndexOf = (nowMs: number, windowMs: number) =>
  Math.floor((nowMs + (windowMs >= DAY ? IST_OFFSET_MS : 0)) / windowMs);

/**
 * Counts a request of `kind` by `appId` at `nowMs`; false when any window is full (the request
 * is then not counted).
 */
export function createLimiter(limits = LIMITS) {
  const counts = new Map<string, { window: number; n: number }>();
  let sweptAt = 0;
  return function allow(appId: string, kind: LimitKind, nowMs: number): boolean {
    // Old windows are dropped now and then, so the map holds only the live ones.
    if (nowMs - sweptAt > MINUTE) {
      sweptAt = nowMs;
      for (const [key, entry] of counts) {
        const length = Number(key.split('|')[2]);
        if (entry.window !== windowIndexOf(nowMs, length)) counts.delete(key);
      }
    }
    const entries = limits[kind].map((l) => {
      const key = `${appId}|${kind}|${l.windowMs}`;
      const window = windowIndexOf(nowMs, l.windowMs);
      const current = counts.get(key);
      const entry = current && current.window === window ? current : { window, n: 0 };
      return { key, entry, max: l.max };
    });
    if (entries.some((e) => e.entry.n >= e.max)) return false;
    for (const e of entries) {
      e.entry.n += 1;
      counts.set(e.key, e.entry);
    }
    return true;
  };
}

/** Counts a request of `kind` by `appId` at `nowMs` where all instances count; false when full. */
export type LimitStore = {
  take(appId: string, kind: LimitKind, nowMs: number): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * All of a request's windows checked, then all counted, in one step on the server: a full
 * window counts nothing (as the in-memory rule). The keys share a hash tag (the app), so a
 * Redis cluster keeps them on one node.
 */
const TAKE_SCRIPT = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i]) then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[#KEYS + i])
end
return 1`;

export function redisLimits(url: string, prefix: string, limits = LIMITS): LimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  return {
    async take(appId, kind, nowMs) {
      const windows = limits[kind];
      const keys = windows.map(
        (l) =>
          `${prefix}connect-limit:{${appId}}:${kind}:${l.windowMs}:${windowIndexOf(nowMs, l.windowMs)}`,
      );
      // A key names its window, so it may outlive it: kept two windows and a minute, so that a
      // clock behind Redis's own (a test's, or a slow instance's) never sees its count vanish.
      const args = [...windows.map((l) => l.max), ...windows.map((l) => 2 * l.windowMs + MINUTE)];
      return (await redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args)) === 1;
    },
    async close() {
      redis.disconnect();
    },
  };
}

const FULL = Symbol('full');

/**
 * The same in PostgreSQL: each window's row is counted up only while under its maximum, in one
 * transaction that rolls back when any is full. Rows are taken in a fixed order (the kind's
 * windows as listed), so concurrent requests of one app queue on the first row, never deadlock.
 */
export function postgresLimits(db: Db, limits = LIMITS): LimitStore {
  let sweptAt = 0;
  async function sweep(nowMs: number) {
    sweptAt = nowMs;
    await db.execute(
      sql`delete from ${connectLimitCounts} where (${connectLimitCounts.windowIndex} + 2) * ${connectLimitCounts.windowMs} < ${nowMs}`,
    );
  }
  return {
    async take(appId, kind, nowMs) {
      if (nowMs - sweptAt > MINUTE) void sweep(nowMs).catch(() => {});
      try {
        return await inTransaction(db, async (tx) => {
          for (const l of limits[kind]) {
            const counted = await tx
              .insert(connectLimitCounts)
              .values({
                appId,
                kind,
                windowMs: l.windowMs,
                windowIndex: windowIndexOf(nowMs, l.windowMs),
                n: 1,
              })
              .onConflictDoUpdate({
                target: [
                  connectLimitCounts.appId,
                  connectLimitCounts.kind,
                  connectLimitCounts.windowMs,
                  connectLimitCounts.windowIndex,
                ],
                set: { n: sql`${connectLimitCounts.n} + 1` },
                setWhere: sql`${connectLimitCounts.n} < ${l.max}`,
              })
              .returning({ n: connectLimitCounts.n });
            if (counted.length === 0) throw FULL;
          }
          return true;
        });
      } catch (error) {
        if (error === FULL) return false;
        throw error;
      }
    },
    async close() {},
  };
}
