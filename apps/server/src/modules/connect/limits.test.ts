import { describe, expect, it } from 'vitest';
import { createLimiter } from './limits.ts';

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

  it('keep apps and kinds apart: one quote a second per app', () => {
    const allow = createLimiter();
    expect(allow('a', 'quotes', 5000)).toBe(true);
    expect(allow('a', 'quotes', 5500)).toBe(false);
    expect(allow('b', 'quotes', 5500)).toBe(true);
    expect(allow('a', 'other', 5500)).toBe(true);
  });
});
