import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRange } from './ranges.ts';

describe('readRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['BYTES = 0-0', { kind: 'whole' }],
    ['items=0-10', { kind: 'whole' }],
    ['bytes=0-1,5-9', { kind: 'whole' }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'unsatisfiable' }],
    ['bytes=0-1,x', { kind: 'unsatisfiable' }],
  ])('%s of 1000 bytes → %j', (header, answer) => {
    expect(readRange(header, 1000)).toEqual(answer);
  });

  it('always answers a range inside the file, or none', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.option(fc.nat(20_000), { nil: undefined }),
        fc.option(fc.nat(20_000), { nil: undefined }),
        (size, a, b) => {
          const header = `bytes=${a ?? ''}-${b ?? ''}`;
          const answer = readRange(header, size);
          if (answer.kind === 'partial') {
            expect(answer.start).toBeGreaterThanOrEqual(0);
            expect(answer.end).toBeLessThan(size);
            expect(answer.start).toBeLessThanOrEqual(answer.end);
          } else expect(answer.kind).toBe('unsatisfiable');
        },
      ),
    );
  });
});
