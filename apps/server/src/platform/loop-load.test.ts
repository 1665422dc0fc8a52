import { describe, expect, it, vi } from 'vitest';
import { loopBusy, loopUtilisation } from './loop-load.ts';

/** Runs code without a pause for `ms`, as a burst of requests would keep the loop. */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the event loop’s load', () => {
  it('reads busy after the loop ran without a pause for a window, and idle once it waits again', async () => {
    loopUtilisation(); // the sampler starts on first use
    await vi.waitFor(() => expect(loopBusy()).toBe(false), { timeout: 10_000, interval: 50 });
    // Spun across a whole sampling window: the sample that follows saw only running code.
    await vi.waitFor(
      async () => {
        spin(600);
        await new Promise<void>((resolve) => setImmediate(resolve));
        expect(loopBusy()).toBe(true);
      },
      { timeout: 10_000, interval: 0 },
    );
    expect(loopUtilisation()).toBeGreaterThan(0.85);
    await vi.waitFor(() => expect(loopBusy()).toBe(false), { timeout: 10_000, interval: 50 });
  });
});
