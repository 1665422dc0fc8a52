/** A fill's ledger lines: where a buy's hold and a sell's proceeds go. */
import { describe, expect, it } from 'vitest';
import { NO_CHARGES, type TCharges } from '@sampada/shared';
import { contractNoteNo, fillPostings } from './fill-postings.ts';

const charges: TCharges = {
  ...NO_CHARGES,
  brokerage_paise: 2000,
  exchange_paise: 300,
  stt_paise: 1000,
  gst_paise: 414,
  total_paise: 3714,
};
const order = { clientId: 'c1', type: 'limit', holdPaise: 1_100_000n };
const amounts = (lines: ReturnType<typeof fillPostings>['lines']) =>
  Object.fromEntries(
    lines.map((l) => [`${l.account.clientId ?? 'firm'}:${l.account.kind}`, l.amount]),
  );

describe('the lines of a fill', () => {
  it('a final buy pays from its hold and returns what is left of it', () => {
    const fill = { side: 'buy' as const, value: 1_000_000n, charges, final: true };
    const { lines, holdAfter } = fillPostings(order, fill);
    expect(holdAfter).toBe(0n);
    expect(amounts(lines)).toEqual({
      'firm:fees': 2300n,
      'firm:taxes': 1414n,
      'c1:cash_on_hold': -1_100_000n,
      'c1:cash_available': 1_100_000n - 1_003_714n,
      'firm:trade_settlement': 1_000_000n,
    });
  });

  it('a part fill keeps the rest of the hold; cost beyond the hold comes from cash', () => {
    const part = fillPostings(order, { side: 'buy', value: 500_000n, charges, final: false });
    expect(part.holdAfter).toBe(1_100_000n - 503_714n);
    expect(amounts(part.lines)['c1:cash_available']).toBeUndefined();
    const over = fillPostings(
      { ...order, holdPaise: 1_000_000n },
      { side: 'buy', value: 1_000_000n, charges, final: false },
    );
    expect(amounts(over.lines)['c1:cash_available']).toBe(-3714n);
  });

  it('an allotment pays into the IPO escrow', () => {
    const ipo = { ...order, type: 'ipo' };
    const { lines } = fillPostings(ipo, {
      side: 'buy',
      value: 1_000_000n,
      charges: NO_CHARGES,
      final: true,
    });
    expect(amounts(lines)['firm:ipo_escrow']).toBe(1_000_000n);
  });

  it('a sell credits the proceeds less charges', () => {
    const { lines, holdAfter } = fillPostings(
      { ...order, holdPaise: 0n },
      { side: 'sell', value: 1_000_000n, charges, final: true },
    );
    expect(holdAfter).toBe(0n);
    expect(amounts(lines)).toMatchObject({
      'firm:trade_settlement': -1_000_000n,
      'c1:cash_available': 1_000_000n - 3714n,
    });
  });

  it('numbers a contract note by its day and posting', () => {
    expect(contractNoteNo(new Date('2026-03-04T05:00:00Z'), 42)).toBe('CN20260304-00000042');
  });
});
