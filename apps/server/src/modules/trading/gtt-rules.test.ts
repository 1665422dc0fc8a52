/** Which leg of a GTT a print fires. */
import { describe, expect, it } from 'vitest';
import { legCrossed } from './gtt-rules.ts';

const single = (triggerPaise: bigint, referencePaise: bigint) => ({
  kind: 'single',
  triggerPaise,
  stopTriggerPaise: null,
  referencePaise,
});
const oco = {
  kind: 'oco',
  triggerPaise: 12_000n,
  stopTriggerPaise: 9_000n,
  referencePaise: 10_000n,
};

describe('legCrossed', () => {
  it('a single GTT set below the price fires when a print falls to its trigger', () => {
    expect(legCrossed(single(9_500n, 10_000n), 9_600n)).toBeNull();
    expect(legCrossed(single(9_500n, 10_000n), 9_500n)).toBe('target');
    expect(legCrossed(single(9_500n, 10_000n), 9_000n)).toBe('target');
  });

  it('a single GTT set above the price fires when a print rises to its trigger', () => {
    expect(legCrossed(single(10_500n, 10_000n), 10_400n)).toBeNull();
    expect(legCrossed(single(10_500n, 10_000n), 10_500n)).toBe('target');
  });

  it('an OCO fires its target at or above it, its stop at or below it, nothing between', () => {
    expect(legCrossed(oco, 12_000n)).toBe('target');
    expect(legCrossed(oco, 9_000n)).toBe('stop');
    expect(legCrossed(oco, 10_500n)).toBeNull();
  });
});
