import { describe, expect, it } from 'vitest';
import { valueTicks } from './chart-ticks';

describe('value axis ticks', () => {
  it('steps from 0 past the largest value in round steps', () => {
    expect(valueTicks(200_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(valueTicks(180_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(valueTicks(9_300)).toEqual([0, 2_500, 5_000, 7_500, 10_000]);
    expect(valueTicks(12_00_00_000)).toEqual([0, 5e7, 10e7, 15e7]);
  });

  it('draws an axis even when nothing was bought or sold', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});
