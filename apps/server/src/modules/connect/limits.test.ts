import { describe, expect, it } from 'vitest';
import { createLimiter, windowIndexOf } from './limits.ts';

describe('per-app limits', () => {
  it('allow ten orders in a second, refuse the eleventh, and allow again the next second', () => {
    const allow = createLimiter();
    const start = 1_800_000_000_000;
    const results = Array.from({ length: 11 }, () => allow('app', 'orders', start));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(results[10]).toBe(false);
    expect(allow('app', 'orders', start + 1000)).toBe(true);
  });

  it('count 400 orders a minute even when each second stays under ten', () => {
    const allow = createLimiter();
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    let allowed = 0;
    for (let second = 0; second < 50; second++)
      for (let i = 0; i < 9; i++) if (allow('app', 'orders', start + second * 1000)) allowed++;
    expect(allowed).toBe(400);
  });

  it('count 5,000 orders a day by the IST day: UTC midnight is no new day, IST midnight is', () => {
    const allow = createLimiter();
    // 05:00 IST on 1 Dec 2026 is 23:30 UTC on 30 Nov.
    const start = Date.parse('2026-11-30T23:30:00Z');
    let allowed = 0;
    // 400 a minute (10 a second for 40 seconds) for 13 minutes: 5,200 tried.
    for (let minute = 0; minute < 13; minute++)
      for (let second = 0; second < 40; second++)
        for (let i = 0; i < 10; i++)
          if (allow('app', 'orders', start + minute * 60_000 + second * 1000)) allowed++;
    expect(allowed).toBe(5000);
    // 05:31 IST: a new UTC day (00:01 UTC), the same IST day — still refused.
    expect(allow('app', 'orders', Date.parse('2026-12-01T00:01:00Z'))).toBe(false);
    // 23:59 IST the same day: refused; 00:00:30 IST the next day: a new day.
    expect(allow('app', 'orders', Date.parse('2026-12-01T18:29:00Z'))).toBe(false);
    expect(allow('app', 'orders', Date.parse('2026-12-01T18:30:30Z'))).toBe(true);
  });

  it('the stores share the window rule: the day index changes at IST midnight', () => {
    const day = 24 * 3_600_000;
    const lastIst = Date.parse('2026-12-01T18:29:59Z');
    expect(windowIndexOf(lastIst, day)).toBe(
      windowIndexOf(Date.parse('2026-11-30T18:30:00Z'), day),
    );
    expect(windowIndexOf(lastIst + 1000, day)).toBe(windowIndexOf(lastIst, day) + 1);
    expect(windowIndexOf(61_500, 60_000)).toBe(1);
  });

  it('keep apps and kinds apart: one quote a second per app', () => {
    const allow = createLimiter();
    expect(allow('a', 'quotes', 5000)).toBe(true);
    expect(allow('a', 'quotes', 5500)).toBe(false);
    expect(allow('b', 'quotes', 5500)).toBe(true);
    expect(allow('a', 'other', 5500)).toBe(true);
  });
});
