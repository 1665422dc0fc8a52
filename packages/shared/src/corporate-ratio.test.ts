import { describe, expect, it } from 'vitest';
import { priceAfter, shareFactor, sharesAfter, volumeAfter } from './corporate-ratio.ts';

const split2 = { kind: 'split', ratioNew: 2, ratioOld: 1 } as const;
const bonus1 = { kind: 'bonus', ratioNew: 1, ratioOld: 1 } as const;
const bonus1for2 = { kind: 'bonus', ratioNew: 1, ratioOld: 2 } as const;
const consolidate = { kind: 'consolidation', ratioNew: 1, ratioOld: 10 } as const;

describe('a corporate action’s ratio', () => {
  it('a 2:1 split doubles shares and halves prices', () => {
    expect(shareFactor(split2)).toEqual({ num: 2, den: 1 });
    expect(sharesAfter(split2, 10)).toBe(20);
    expect(priceAfter(split2, 1_000_00)).toBe(500_00);
    expect(priceAfter(split2, 1_200_00)).toBe(600_00);
    expect(volumeAfter(split2, 7)).toBe(14);
  });

  it('an odd paisa halves to the nearer paisa, halves up', () => {
    expect(priceAfter(split2, 1_001)).toBe(501);
  });

  it('a 1:1 bonus is a factor of two; a 1:2 bonus of three halves', () => {
    expect(shareFactor(bonus1)).toEqual({ num: 2, den: 1 });
    expect(sharesAfter(bonus1, 15)).toBe(30);
    expect(priceAfter(bonus1, 900_00)).toBe(450_00);
    expect(sharesAfter(bonus1for2, 15)).toBe(22); // 15 + floor(7.5)
    expect(priceAfter(bonus1for2, 300_00)).toBe(200_00);
  });

  it('a 1:10 consolidation divides shares (fraction dropped) and multiplies prices', () => {
    expect(sharesAfter(consolidate, 125)).toBe(12);
    expect(priceAfter(consolidate, 12_34)).toBe(123_40);
    expect(volumeAfter(consolidate, 1_005)).toBe(101);
  });

  it('a symbol change moves shares and prices one for one; a price never reaches zero', () => {
    expect(sharesAfter({ kind: 'symbol_change', ratioNew: 1, ratioOld: 1 }, 7)).toBe(7);
    expect(priceAfter({ kind: 'split', ratioNew: 10, ratioOld: 1 }, 1)).toBe(1);
  });
});
