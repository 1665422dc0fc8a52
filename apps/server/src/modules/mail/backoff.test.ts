import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import { MAX_ATTEMPTS, nextAttemptAfter, RETRY_WAITS_MS } from './backoff.ts';

describe('mail retry backoff', () => {
  const at = new Date('2026-11-20T10:00:00Z');

  it('waits a minute after the first failure and longer after each next one', () => {
    expect(nextAttemptAfter(1, at)?.getTime()).toBe(at.getTime() + MINUTE);
    const waits = RETRY_WAITS_MS.map((_, i) => nextAttemptAfter(i + 1, at)!.getTime());
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
  });

  it('gives up after the last attempt', () => {
    expect(nextAttemptAfter(MAX_ATTEMPTS, at)).toBeNull();
  });

  it('spreads the attempts over a little more than a day', () => {
    const total = RETRY_WAITS_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(24 * 60 * MINUTE);
    expect(total).toBeLessThan(30 * 60 * MINUTE);
  });
});
