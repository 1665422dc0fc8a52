import { describe, expect, it } from 'vitest';
import { pledgeSaleEventText } from './pledge-sale-text.ts';

const sale = {
  symbol: 'INFY',
  quantity: 12,
  soldQuantity: 12,
  proceedsPaise: 1_842_000n,
  appliedPaise: 1_800_000n,
  loanOpen: true,
};

describe('the loan event of a settled pledge sale', () => {
  it('names what was applied to the loan', () => {
    expect(pledgeSaleEventText(sale)).toBe(
      '12 of 12 pledged INFY sold for ₹18,420.00; ₹18,000.00 applied to the loan.',
    );
  });

  it('on a loan closed meanwhile says the proceeds stay in the cash, not "₹0.00 applied"', () => {
    const text = pledgeSaleEventText({ ...sale, appliedPaise: 0n, loanOpen: false });
    expect(text).toBe(
      "12 of 12 pledged INFY sold for ₹18,420.00; the loan had closed, so the proceeds stay in the client's cash.",
    );
    expect(text).not.toContain('₹0.00');
  });

  it('on an open loan that took nothing says so, and where the money is', () => {
    expect(pledgeSaleEventText({ ...sale, appliedPaise: 0n })).toBe(
      "12 of 12 pledged INFY sold for ₹18,420.00; nothing applied to the loan, the proceeds stay in the client's cash.",
    );
  });

  it('a sale that sold nothing raised nothing to place', () => {
    expect(
      pledgeSaleEventText({ ...sale, soldQuantity: 0, proceedsPaise: 0n, appliedPaise: 0n }),
    ).toBe('0 of 12 pledged INFY sold for ₹0.00; nothing applied to the loan.');
  });
});
