import { formatSignedPaise } from '@sampada/shared';
import { describe, expect, it } from 'vitest';
import {
  NO_VALUE,
  changeDirection,
  formatChangePct,
  formatCompactNumber,
  formatCompactRupees,
  formatPrice,
  formatQuotePrice,
  formatSignedChange,
} from './format';

describe('market numbers on screen (spec §9)', () => {
  it('shows prices in rupees with 2 decimals and Indian grouping', () => {
    expect(formatPrice(2456.1)).toBe('₹2,456.10');
    expect(formatPrice(1234567.891)).toBe('₹12,34,567.89');
    expect(formatPrice(null)).toBe(NO_VALUE);
  });

  it('quotes indices in points without the rupee sign', () => {
    expect(formatQuotePrice(81234.5, 'INDEX')).toBe('81,234.50');
    expect(formatQuotePrice(81234.5, 'NSE')).toBe('₹81,234.50');
  });

  it('signs changes and percentages with 2 decimals', () => {
    expect(formatSignedChange(12.5)).toBe('+12.50');
    expect(formatSignedChange(-3.046)).toBe('-3.05');
    expect(formatSignedChange(0)).toBe('0.00');
    // What rounds to zero is no gain or loss: no sign, no colour.
    expect(formatSignedChange(-0.004)).toBe('0.00');
    expect(formatChangePct(-0.001)).toBe('0.00%');
    expect(changeDirection(-0.004)).toBe('flat');
    expect(changeDirection(-0.005)).toBe('down');
    expect(formatSignedPaise(0)).toBe('₹0.00');
    expect(formatChangePct(1.234)).toBe('+1.23%');
    expect(formatChangePct(-0.4)).toBe('-0.40%');
    expect(formatSignedPaise(123_450)).toBe('+₹1,234.50');
    expect(formatSignedPaise(-8000)).toBe('-₹80.00');
  });

  it('compacts volumes and market caps with 3 decimals (k/M/B/T)', () => {
    expect(formatCompactNumber(12_345_678)).toBe('12.346M');
    expect(formatCompactNumber(950)).toBe('950.000');
    expect(formatCompactRupees(17_250_000_000_000)).toBe('₹17.250T');
    expect(formatCompactNumber(undefined)).toBe(NO_VALUE);
  });

  it('with the lakh and crore preference, shows L and Cr (never KCr)', () => {
    expect(formatCompactRupees(1_913_000, 'indian')).toBe('₹19.13 L');
    expect(formatCompactRupees(19_129_500_000, 'indian')).toBe('₹1,912.95 Cr');
    expect(formatCompactRupees(17_250_000_000_000, 'indian')).toBe('₹17,25,000.00 Cr');
    expect(formatCompactNumber(12_345_678, 'indian')).toBe('1.23 Cr');
    expect(formatCompactNumber(45_210, 'indian')).toBe('45,210');
    expect(formatCompactRupees(null, 'indian')).toBe(NO_VALUE);
  });

  it('names the direction of a change', () => {
    expect(changeDirection(0.01)).toBe('up');
    expect(changeDirection(-2)).toBe('down');
    expect(changeDirection(0)).toBe('flat');
    expect(changeDirection(null)).toBe('flat');
  });
});
