import { describe, expect, it } from 'vitest';
import {
  receiptNumber,
  bankNameOfIfsc,
  FM,
  normalizeHolderName,
  normalizeUtr,
  parseRupeesToPaise,
  ZDepositRequest,
  ZWithdrawalRequest,
} from './funds.ts';

const paise = (value: unknown) => {
  const result = parseRupeesToPaise(value);
  return result.ok ? result.paise : result.message;
};

describe('rupees to paise', () => {
  it('is exact for strings and numbers, without float arithmetic', () => {
    expect(paise('20000')).toBe(2_000_000n);
    expect(paise('0.29')).toBe(29n);
    expect(paise('1.1')).toBe(110n);
    expect(paise(' 19999999.99 ')).toBe(1_999_999_999n);
    expect(paise(0.29)).toBe(29n); // 0.29 * 100 is 28.999999999999996 as a float
    expect(paise(1234.5)).toBe(123_450n);
    expect(paise('007.05')).toBe(705n);
    expect(paise('1000000000')).toBe(100_000_000_000n);
  });

  it('answers every bad amount with its message', () => {
    expect(paise(undefined)).toBe(FM.amountRequired);
    expect(paise('  ')).toBe(FM.amountRequired);
    expect(paise('12a')).toBe(FM.amountNotNumber);
    expect(paise('1e3')).toBe(FM.amountNotNumber);
    expect(paise(1e21)).toBe(FM.amountNotNumber);
    expect(paise(Number.NaN)).toBe(FM.amountNotNumber);
    expect(paise('.5')).toBe(FM.amountNotNumber);
    expect(paise({})).toBe(FM.amountNotNumber);
    expect(paise('-1')).toBe(FM.amountNegative);
    expect(paise('-0')).toBe(FM.amountZero);
    expect(paise(0)).toBe(FM.amountZero);
    expect(paise('0.001')).toBe(FM.amountDecimals);
    expect(paise(0.1 + 0.2)).toBe(FM.amountDecimals);
    expect(paise('1000000000.01')).toBe(FM.amountTooLarge);
    expect(paise('99999999999999999999')).toBe(FM.amountTooLarge);
  });
});

describe('request schemas', () => {
  it('enforces the minimum deposit and withdrawal with their messages', () => {
    const deposit = ZDepositRequest.safeParse({
      amount: '19999.99',
      method: 'NEFT',
      utr: 'X'.repeat(16),
    });
    expect(deposit.error?.issues[0]?.message).toBe(FM.depositBelowMin);
    expect(FM.depositBelowMin).toBe('The minimum deposit is ₹20,000.00.');
    const withdrawal = ZWithdrawalRequest.safeParse({
      amount: 99,
      bank_card_id: '00000000-0000-4000-8000-000000000000',
      pin: 'a'.repeat(32),
    });
    expect(withdrawal.error?.issues[0]?.message).toBe(FM.withdrawalBelowMin);
    const ok = ZDepositRequest.parse({ amount: 20000, method: 'UPI', utr: '4123 4567 8901' });
    expect(ok).toEqual({ amount: 2_000_000n, method: 'UPI', utr: '412345678901' });
  });

  it('normalises names, UTRs and knows bank codes', () => {
    expect(normalizeHolderName('  Ananya   IYER ')).toBe('ananya iyer');
    expect(normalizeUtr('sbin-n5 2026')).toBe('SBINN52026');
    expect(bankNameOfIfsc('UTIB0000001')).toBe('Axis Bank');
    expect(bankNameOfIfsc('QQQQ0000001')).toBeNull();
  });
});

describe('receipt numbers', () => {
  it('are the posting number as R and eight digits', () => {
    expect(receiptNumber('1234')).toBe('R00001234');
    expect(receiptNumber(987654321)).toBe('R987654321');
  });
});
