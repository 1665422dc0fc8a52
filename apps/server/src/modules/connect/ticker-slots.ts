/**
 * The 3-connections-an-app cap of the ticker, held across instances. With Redis (the bus and
 * limits of several instances) each open socket holds a slot in the app's sorted set, scored
 * by its lease's end: taking one drops lapsed leases, counts, and adds in one script, so two
 * instances admitting at once cannot both take the last slot; a killed instance's slots lapse
 * with their leases (renewed at every LEASE_RENEW_MS). Without Redis the count is this
 * process's own, which is the whole count for a single instance.
 */
import { Redis } from 'ioredis';

export const LEASE_MS = 30_000;
export const LEASE_RENEW_MS = 10_000;

export type TickerSlots = {
  /** A slot of the app's `max` for this connection; false when all are taken. */
  take(appId: string, connectionId: string, max: number): Promise<boolean>;
  /** The leases of this instance's open connections, renewed. */
  renew(held: Array<{ appId: string; connectionId: string }>): Promise<void>;
  release(appId: string, connectionId: string): Promise<void>;
  close(): Promise<void>;
};

export function localSlots(): TickerSlots {
  const byApp = new Map<string, Set<string>>();
  return {
    async take(appId, connectionId, max) {
      const held = byApp.get(appId) ?? new Set<string>();
      if (held.size >= max) return false;
      byApp.set(appId, held.add(connectionId));
      return true;
    },
    async renew() {},
    async release(appId, connectionId) {
      const held = byApp.get(appId);
      held?.delete(connectionId);
      if (held?.size === 0) byApp.delete(appId);
    },
    async close() {},
  };
}

const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export function redisSlots(url: string, prefix: string): TickerSlots {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const keyOf = (appId: string) => `${prefix}connect-ticker:{${appId}}`;
  return {
    async take(appId, connectionId, max) {
      const now = Date.now();
      const taken = await redis.eval(
        TAKE_SCRIPT,
        1,
        keyOf(appId),
        now,
        max,
        now + LEASE_MS,
        connectionId,
        2 * LEASE_MS,
      );
      return taken === 1;
    },
    async renew(held) {
      if (held.length === 0) return;
      const until = Date.now() + LEASE_MS;
      const batch = redis.multi();
      for (const { appId, connectionId } of held) {
        batch.zadd(keyOf(appId), 'XX', until, connectionId);
        batch.pexpire(keyOf(appId), 2 * LEASE_MS);
      }
      await batch.exec();
    },
    async release(appId, connectionId) {
      await redis.zrem(keyOf(appId), connectionId);
    },
    async close() {
      redis.disconnect();
    },
  };
}
