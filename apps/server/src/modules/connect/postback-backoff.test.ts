import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import { GIVE_UP_AFTER_MS, nextPostbackAttempt, waitAfter } from './postback-backoff.ts';

describe('postback retry waits', () => {
  const created = new Date('2026-11-20T05:00:00Z');

  it('double from 1 s and stop growing at 5 minutes', () => {
    expect([1, 2, 3, 4, 9, 10, 30].map(waitAfter)).toEqual([
      1000,
      2000,
      4000,
      8000,
      256_000,
      5 * MINUTE,
      5 * MINUTE,
    ]);
  });

  it('go on for an hour from the event, then give up', () => {
    let at = created;
    let attempts = 1;
    for (let next = nextPostbackAttempt(attempts, at, created); next; attempts++) {
      expect(next.getTime()).toBeLessThanOrEqual(created.getTime() + GIVE_UP_AFTER_MS);
      at = next;
      next = nextPostbackAttempt(attempts + 1, at, created);
    }
    // 1 + 2 + … + 256 s (511 s), then every 5 minutes until the hour: 20 attempts.
    expect(attempts).toBe(20);
    expect(created.getTime() + GIVE_UP_AFTER_MS - at.getTime()).toBeLessThan(5 * MINUTE);
  });
});
