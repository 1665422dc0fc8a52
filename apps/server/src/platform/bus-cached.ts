/**
 * A value read on hot paths and changed a few times a year (the firm's settings, the charge
 * schedule), held in memory per instance. A change empties this instance's copy before the
 * request that made it answers (`changed`), and the bus (Redis when several instances share a
 * database) empties every other instance's. Redis pub/sub drops messages while a connection is
 * down, so a copy is also never kept longer than `maxAgeMs`.
 */
import type { Bus } from './bus.ts';

export const BUS_CACHED_MAX_AGE_MS = 30_000;

export function busCached<T>(
  bus: Bus,
  channel: string,
  load: () => Promise<T>,
  maxAgeMs = BUS_CACHED_MAX_AGE_MS,
) {
  let cached: { value: Promise<T>; loadedAt: number } | null = null;
  let subscribed = false;
  // Nothing is kept until the subscription is live, or a change published before it would
  // be missed.
  let listening = false;

  // A load still in flight when a change commits is dropped with the rest: the next read
  // starts a new one.
  const invalidate = () => {
    cached = null;
  };

  return {
    get(): Promise<T> {
      const now = performance.now();
      if (cached && now - cached.loadedAt < maxAgeMs) return cached.value;
      // Subscribed on first use, not at construction: a CLI command opens no bus connection.
      if (!subscribed) {
        subscribed = true;
        bus.subscribe(channel, invalidate);
        void bus.whenSubscribed().then(() => {
          listening = true;
        });
      }
      const entry = { value: load(), loadedAt: now };
      if (!listening) return entry.value;
      cached = entry;
      // A failed read is not remembered: the next call asks the database again.
      entry.value.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.value;
    },
    /** After a change has committed: this instance's copy now, every other's over the bus. */
    changed(message = '') {
      invalidate();
      bus.publish(channel, message);
    },
  };
}
