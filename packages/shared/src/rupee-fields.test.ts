import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CPM,
  FM,
  LM,
  md5,
  OM,
  ZClaimApprove,
  ZCompensationApply,
  ZForecloseRequest,
  ZLoanApplyRequest,
  ZLoanQuoteRequest,
  ZLoanRepayRequest,
  ZOfferInput,
} from './index.ts';

const pin = md5('123456');
const productId = '7f1c2b4e-8a3d-4e5f-9b6a-1c2d3e4f5a6b';
const firstMessage = (result: { error?: z.ZodError }) => result.error?.issues[0]?.message;
const repay = (body: object) => ZLoanRepayRequest.safeParse({ pin, ...body });
const terms = { product_id: productId, tenure_months: 12 };

describe('a credit request reads its amount as rupee text', () => {
  it('turns rupee text and numbers into paise exactly, without float arithmetic', () => {
    expect(repay({ amount: '0.29' }).data?.amount_paise).toBe(29n);
    expect(repay({ amount: 0.29 }).data?.amount_paise).toBe(29n); // 0.29 * 100 = 28.999…
    expect(repay({ amount: ' 250000.5 ' }).data?.amount_paise).toBe(25_000_050n);
    expect(repay({ amount: '1.10' }).data?.amount_paise).toBe(110n);
    expect(ZLoanQuoteRequest.parse({ ...terms, amount: '250000' }).amount_paise).toBe(25_000_000n);
    expect(ZForecloseRequest.parse({ pin, amount: '1234.56' }).amount_paise).toBe(123_456n);
  });

  it('answers bad text with the funds messages and the field’s own required message', () => {
    expect(firstMessage(repay({ amount: '12a' }))).toBe(FM.amountNotNumber);
    expect(firstMessage(repay({ amount: '-5' }))).toBe(FM.amountNegative);
    expect(firstMessage(repay({ amount: '1.005' }))).toBe(FM.amountDecimals);
    expect(firstMessage(repay({ amount: '0' }))).toBe(FM.amountZero);
    expect(firstMessage(repay({ amount: '' }))).toBe('Enter the amount to repay.');
    expect(firstMessage(repay({}))).toBe('Enter the amount to repay.');
    expect(firstMessage(ZLoanQuoteRequest.safeParse(terms))).toBe(LM.amountRequired);
    expect(firstMessage(ZLoanQuoteRequest.safeParse({ ...terms, amount: '9'.repeat(40) }))).toBe(
      LM.amountAboveMax(1_000_000_000n * 100n),
    );
  });

  it('still reads the deprecated amount_paise for one release', () => {
    expect(repay({ amount_paise: 29 }).data?.amount_paise).toBe(29n);
    expect(repay({ amount_paise: '5000000' }).data?.amount_paise).toBe(5_000_000n);
    const applied = ZLoanApplyRequest.parse({ ...terms, amount_paise: 25_000_000, pin });
    expect(applied.amount_paise).toBe(25_000_000n);
    expect(firstMessage(repay({ amount_paise: 0 }))).toBe(LM.amountPositive);
  });

  it('takes both when they agree and refuses them, naming both, when they disagree', () => {
    expect(repay({ amount: '0.29', amount_paise: 29 }).data?.amount_paise).toBe(29n);
    const both = repay({ amount: '0.30', amount_paise: 29 });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.path).toEqual(['amount']);
    expect(firstMessage(both)).toBe(
      'Send the amount once: `amount` is ₹0.30 but the deprecated `amount_paise` is ₹0.29.',
    );
  });

  it('hands the services the paise only, never the rupee field', () => {
    const parsed = repay({ amount: '10', prepayment: 'reduce_tenure' }).data;
    expect(parsed).toEqual({ amount_paise: 1000n, pin, prepayment: 'reduce_tenure' });
  });

  it('marks the old field deprecated in the JSON schema the API reference is made of', () => {
    const schema = z.toJSONSchema(ZLoanRepayRequest, { io: 'input', unrepresentable: 'any' });
    const properties = (schema as { properties: Record<string, Record<string, unknown>> })
      .properties;
    expect(properties.amount_paise?.deprecated).toBe(true);
    expect(properties.amount?.deprecated).toBeUndefined();
  });
});

describe('a compensation request reads its amounts as rupee text', () => {
  const claim = { category: 'delayed_service', description: 'The order filled late.' };

  it('reads a claim’s amount, old or new, and refuses both disagreeing', () => {
    expect(ZCompensationApply.parse({ ...claim, amount: '2500.75' }).amount_paise).toBe(250_075n);
    expect(ZCompensationApply.parse({ ...claim, amount_paise: 250_075 }).amount_paise).toBe(
      250_075n,
    );
    expect(firstMessage(ZCompensationApply.safeParse(claim))).toBe(CPM.amountRequired);
    expect(firstMessage(ZCompensationApply.safeParse({ ...claim, amount: '25.5.0' }))).toBe(
      FM.amountNotNumber,
    );
    const both = ZCompensationApply.safeParse({ ...claim, amount: '2500', amount_paise: 2500 });
    expect(both.error?.issues[0]?.message).toMatch(/^Send the amount once/);
  });

  it('leaves a partial approval’s amount optional', () => {
    expect(ZClaimApprove.parse({ reason: 'Late fill' })).toEqual({ reason: 'Late fill' });
    expect(ZClaimApprove.parse({ reason: 'Late fill', amount: '0.29' }).amount_paise).toBe(29n);
    expect(ZClaimApprove.parse({ reason: 'Late fill', amount_paise: 29 }).amount_paise).toBe(29n);
  });

  it('reads an offer’s amount, cap and budget, and keeps the absent ones null', () => {
    const offer = {
      title: 'Welcome',
      body: 'A bonus.',
      kind: 'bonus',
      valid_from: '2026-12-01T00:00:00+05:30',
      valid_until: '2026-12-31T00:00:00+05:30',
    };
    const fixed = ZOfferInput.parse({
      ...offer,
      bonus_kind: 'fixed',
      amount: '250.50',
      budget: '100000',
    });
    expect(fixed).toMatchObject({
      amount_paise: 25_050n,
      cashback_cap_paise: null,
      budget_paise: 10_000_000n,
    });
    expect(fixed).not.toHaveProperty('amount');
    const legacy = ZOfferInput.parse({
      ...offer,
      bonus_kind: 'cashback',
      cashback_bps: 1000,
      cashback_cap_paise: 50_000,
      budget_paise: 1_000_000,
    });
    expect(legacy).toMatchObject({ cashback_cap_paise: 50_000n, budget_paise: 1_000_000n });
    const noBudget = ZOfferInput.safeParse({ ...offer, bonus_kind: 'fixed', amount: '250' });
    expect(noBudget.error?.issues[0]).toMatchObject({
      path: ['budget'],
      message: OM.budgetRequired,
    });
    const both = ZOfferInput.safeParse({
      ...offer,
      bonus_kind: 'fixed',
      amount: '250',
      budget: '1000',
      budget_paise: 100_001,
    });
    expect(both.error?.issues[0]?.path).toEqual(['budget']);
  });
});
