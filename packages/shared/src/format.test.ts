import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatCompactTick,
  formatIndianCompact,
  formatInr,
  formatLakhCrore,
} from './format.ts';
import { formatPaise } from './money.ts';

/** 12,34,56,789: the last three digits, then pairs (the Indian system). */
const INDIAN_GROUPED = /^(?:\d{1,3}|\d{1,2}(?:,\d{2})*,\d{3})$/;

describe('lakh and crore', () => {
  it.each([
    [1_913_000, '₹19.13 L'],
    [19_129_500_000, '₹1,912.95 Cr'],
    [191_294_980_000, '₹19,129.50 Cr'],
    [99_999_999_900_000, '₹99,99,999.99 Cr'],
    [250_000, '₹2.50 L'],
    [100_000, '₹1.00 L'],
    [99_999.5, '₹99,999.50'],
    [10_000_000, '₹1.00 Cr'],
    [-250_000, '-₹2.50 L'],
    [0, '₹0.00'],
  ])('%d rupees read %s', (rupees, text) => {
    expect(formatLakhCrore(rupees)).toBe(text);
  });

  it.each([
    [1_913_000, '19.13 L'],
    [45_210, '45,210'],
    [123_456_789, '12.35 Cr'],
    [-1_000_000, '-10.00 L'],
  ])('a count of %d reads %s', (value, text) => {
    expect(formatIndianCompact(value)).toBe(text);
  });

  it('never says KCr, keeps the value within half a unit of the last digit, and groups the Indian way', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (rupees) => {
        const text = formatLakhCrore(rupees);
        expect(text).not.toMatch(/K/);
        const match = /^(-?)₹([\d,]+)\.(\d{2})(?: (L|Cr))?$/.exec(text);
        expect(match, text).not.toBeNull();
        const [, sign, whole, decimals, unit] = match!;
        expect(whole).toMatch(INDIAN_GROUPED);
        const size = unit === 'Cr' ? 1e7 : unit === 'L' ? 1e5 : 1;
        const shown = Number(`${whole!.replaceAll(',', '')}.${decimals}`) * size;
        expect(Math.abs(shown - Math.abs(rupees))).toBeLessThanOrEqual(size * 0.005 + 1e-6 * size);
        expect(sign === '-').toBe(rupees < 0);
        // Units start where they should: a lakh at 1,00,000 and a crore at 1,00,00,000.
        const abs = Math.abs(rupees);
        expect(unit ?? null).toBe(abs >= 1e7 ? 'Cr' : abs >= 1e5 ? 'L' : null);
      }),
    );
  });

  it('the default compact form stays k/M/B/T (spec §9)', () => {
    expect(formatCompact(1_912_950_000)).toBe('1.913B');
  });

  it("an axis tick drops the compact form's trailing zeros, never a significant digit", () => {
    expect(formatCompactTick(150_000)).toBe('150k');
    expect(formatCompactTick(1_500_000)).toBe('1.5M');
    expect(formatCompactTick(1_250_000)).toBe('1.25M');
    expect(formatCompactTick(100)).toBe('100');
    expect(formatCompactTick(0)).toBe('0');
    expect(formatCompactTick(-2_000)).toBe('-2k');
    expect(formatCompactTick(1_234_000)).toBe('1.234M');
  });
});

describe('full amounts are always in Indian grouping', () => {
  it('formatPaise writes every paisa, digit by digit, grouped 12,34,567', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (paise) => {
        const text = formatPaise(paise);
        const match = /^(-?)₹([\d,]+)\.(\d{2})$/.exec(text);
        expect(match, text).not.toBeNull();
        const [, sign, whole, fraction] = match!;
        expect(whole).toMatch(INDIAN_GROUPED);
        const abs = paise < 0n ? -paise : paise;
        expect(BigInt(whole!.replaceAll(',', '') + fraction)).toBe(abs);
        expect(sign === '-').toBe(paise < 0n);
      }),
    );
  });

  it('formatInr groups rupees the same way', () => {
    expect(formatInr(1234567.89)).toBe('₹12,34,567.89');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (rupees) => {
        const whole = /^₹([\d,]+)\.00$/.exec(formatInr(rupees))![1]!;
        expect(whole).toMatch(INDIAN_GROUPED);
        expect(Number(whole.replaceAll(',', ''))).toBe(rupees);
      }),
    );
  });
});
