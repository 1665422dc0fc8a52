/** A loan's terms against its product, and the quote's figures, without a database. */
import { describe, expect, it } from 'vitest';
import { LM } from '@sampada/shared';
import { checkTerms, eligibilityOf, quoteOf } from './loan-terms.ts';
import type { ProductRow } from './views.ts';

const at = new Date('2026-01-01T00:00:00Z');
const secured: ProductRow = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Loan against shares',
  kind: 'loan_against_shares',
  repayment: 'emi',
  annualRateBps: 1_200,
  tenureMonths: [6, 12],
  minAmountPaise: 1_000_000n,
  maxAmountPaise: 100_000_000n,
  ltvBps: 5_000,
  marginCallLtvBps: 6_000,
  sellOffLtvBps: 7_000,
  processingFeeBps: 100,
  penalKind: 'rate',
  penalRateBps: 2_400,
  penalFlatPaise: 0n,
  coolingOffDays: 3,
  rateType: 'fixed',
  foreclosureChargeBps: 0,
  spreadBps: 0,
  resetMonths: 3,
  active: true,
  createdAt: at,
  updatedAt: at,
};
const pledge = [{ symbol: 'INFY', quantity: 10 }];
const input = {
  product_id: secured.id,
  amount_paise: 5_000_000n,
  tenure_months: 12,
  pledges: pledge,
};

describe('checkTerms', () => {
  it('accepts what the product offers', () => {
    expect(() => checkTerms(secured, input)).not.toThrow();
  });

  it('refuses an amount below the minimum, a tenure not offered, and a loan against shares without a pledge', () => {
    expect(() => checkTerms(secured, { ...input, amount_paise: 999_999n })).toThrow(
      LM.amountBelowMin(secured.minAmountPaise),
    );
    expect(() => checkTerms(secured, { ...input, tenure_months: 9 })).toThrow(
      LM.tenureNotOffered(secured.tenureMonths),
    );
    expect(() => checkTerms(secured, { ...input, pledges: [] })).toThrow(LM.pledgeRequired);
  });

  it('refuses a pledge on a personal loan, and any term of an inactive product', () => {
    const personal = { ...secured, kind: 'personal', ltvBps: null };
    expect(() => checkTerms(personal, input)).toThrow(LM.pledgeNotAllowed);
    expect(() => checkTerms({ ...secured, active: false }, input)).toThrow(LM.productInactive);
  });
});

describe('eligibilityOf', () => {
  it('is the pledge value at the product LTV, and none without a pledge or an LTV', () => {
    expect(eligibilityOf(secured, 10_000_000n)).toBe(5_000_000n);
    expect(eligibilityOf(secured, null)).toBeNull();
    expect(eligibilityOf({ ...secured, ltvBps: null }, 10_000_000n)).toBeNull();
  });
});

describe('quoteOf', () => {
  it('nets the fee and its GST off the amount, and schedules every month of the tenure', () => {
    const quote = quoteOf(secured, input, 10_000_000n, '2026-01-01');
    expect(quote.processing_fee_paise).toBe(50_000);
    expect(quote.fee_gst_paise).toBe(9_000);
    expect(quote.net_disbursal_paise).toBe(5_000_000 - 50_000 - 9_000);
    expect(quote.schedule).toHaveLength(12);
    expect(quote.eligibility_paise).toBe(5_000_000);
  });
});
