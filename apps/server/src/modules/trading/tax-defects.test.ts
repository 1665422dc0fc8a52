/**
 * Issue 34's three tax P&L defects, each with figures worked by hand: STT is not deducted from
 * a capital gain; long-term means an IST sell date after the buy date's anniversary; a same-day
 * buy and sell is intraday (speculative), not a short-term gain. And the year's set-off.
 */
import { describe, expect, it } from 'vitest';
import { computeCharges, DEFAULT_CHARGES } from '@sampada/shared';
import { matchLots, type TaxFill, termOf } from './tax-lots.ts';
import { estimateTax, taxYear } from './tax-year.ts';

const at = (ist: string) => new Date(`${ist}+05:30`);
const fill = (f: Omit<TaxFill, 'id'> & { id?: string }, n: number): TaxFill => ({
  id: String(n).padStart(3, '0'),
  ...f,
});

describe('STT is not deductible from a capital gain (section 48)', () => {
  it('buy ₹1,00,000, sell ₹1,10,000 six months later: gain ₹9,914.26, not ₹9,703.26', () => {
    // Default schedule, worked by hand. Buy ₹1,00,000: brokerage ₹20 (capped), STT ₹100,
    // exchange ₹2.97, SEBI ₹0.10, stamp ₹15, GST 18% of ₹23.07 = ₹4.15 → ₹142.22.
    const buy = computeCharges(DEFAULT_CHARGES, 'buy', 10_000_000n);
    expect(buy).toMatchObject({ stt_paise: 10_000, stamp_paise: 1_500, gst_paise: 415 });
    expect(buy.total_paise).toBe(14_222);
    // Sell ₹1,10,000 with the DP charge: brokerage ₹20, STT ₹110, exchange ₹3.27, SEBI ₹0.11,
    // DP ₹13.50, GST 18% of ₹36.88 = ₹6.64 → ₹153.52.
    const sell = computeCharges(DEFAULT_CHARGES, 'sell', 11_000_000n, { dp: true });
    expect(sell.total_paise).toBe(15_352);
    const fills = [
      fill(
        {
          side: 'buy',
          symbol: 'INFY',
          quantity: 100,
          valuePaise: 10_000_000n,
          chargesPaise: 14_222n,
          sttPaise: 10_000n,
          executedAt: at('2024-05-02T10:00:00'),
        },
        1,
      ),
      fill(
        {
          side: 'sell',
          symbol: 'INFY',
          quantity: 100,
          valuePaise: 11_000_000n,
          chargesPaise: 15_352n,
          sttPaise: 11_000n,
          dpPaise: 1_350n,
          executedAt: at('2024-11-04T11:00:00'),
        },
        2,
      ),
    ];
    const [lot] = matchLots(fills).realised;
    // ₹1,10,000 − ₹1,00,000 − (₹142.22 − ₹100) − (₹153.52 − ₹110) = ₹9,914.26.
    expect(lot).toMatchObject({ chargesPaise: 29_574n, sttPaise: 21_000n, gainPaise: 991_426n });
    const year = taxYear(fills, 2024, at('2025-01-01T10:00:00'), () => null);
    expect(year.summary).toMatchObject({ shortTerm: 991_426n, stt: 21_000n, charges: 29_574n });
  });
});

describe('long-term is "more than 12 months", by IST dates', () => {
  it('bought 09:20 on 10 Jun 2024, sold 15:00 on 10 Jun 2025: short-term; sold 11 Jun: long-term', () => {
    const bought = at('2024-06-10T09:20:00');
    expect(termOf(bought, at('2025-06-10T15:00:00'))).toBe('short');
    expect(termOf(bought, at('2025-06-11T09:15:00'))).toBe('long');
    // Bought 00:10 IST (the evening before in UTC): the IST date still decides.
    expect(termOf(at('2024-06-11T00:10:00'), at('2025-06-11T15:00:00'))).toBe('short');
    expect(termOf(at('2024-06-11T00:10:00'), at('2025-06-12T09:15:00'))).toBe('long');
  });
});

describe('a same-day buy and sell is intraday: speculative income in its own section', () => {
  it('holding 10 from January, buy 10 and sell 15 on 2 Sep: 10 intraday (₹180), 5 short-term from January (₹594)', () => {
    const fills = [
      fill(
        {
          side: 'buy',
          symbol: 'INFY',
          quantity: 10,
          valuePaise: 1_400_000n,
          chargesPaise: 2_000n,
          sttPaise: 1_400n,
          executedAt: at('2024-01-15T10:00:00'),
        },
        1,
      ),
      fill(
        {
          side: 'buy',
          symbol: 'INFY',
          quantity: 10,
          valuePaise: 1_500_000n,
          chargesPaise: 1_000n,
          sttPaise: 0n,
          executedAt: at('2024-09-02T10:00:00'),
        },
        2,
      ),
      fill(
        {
          side: 'sell',
          symbol: 'INFY',
          quantity: 15,
          valuePaise: 2_280_000n,
          chargesPaise: 1_500n,
          sttPaise: 600n,
          executedAt: at('2024-09-02T14:00:00'),
        },
        3,
      ),
    ];
    const { realised, open, intraday } = matchLots(fills);
    // Intraday: 10 bought at ₹15,000, 10 of 15 sold = ₹15,200; charges ₹10 + ₹10 (STT included:
    // a business expense) → ₹180.
    expect(intraday).toEqual([
      {
        symbol: 'INFY',
        day: '2024-09-02',
        quantity: 10,
        buyValuePaise: 1_500_000n,
        sellValuePaise: 1_520_000n,
        chargesPaise: 2_000n,
        sttPaise: 400n,
        resultPaise: 18_000n,
      },
    ]);
    // Delivery: the other 5 sold come off January's lot: ₹7,600 − ₹7,000 − ((₹10 + ₹5) − (₹7 + ₹2)).
    expect(realised).toEqual([
      expect.objectContaining({
        quantity: 5,
        costPaise: 700_000n,
        proceedsPaise: 760_000n,
        chargesPaise: 1_500n,
        sttPaise: 900n,
        gainPaise: 59_400n,
        term: 'short',
      }),
    ]);
    // January's other 5 stay open; nothing of the intraday buy does.
    expect(open).toEqual([
      expect.objectContaining({ quantity: 5, costPaise: 700_000n, boughtAt: fills[0]!.executedAt }),
    ]);
    const year = taxYear(fills, 2024, at('2025-01-01T10:00:00'), () => null);
    expect(year.summary).toMatchObject({ shortTerm: 59_400n, speculative: 18_000n });
  });
});

describe("the year's set-off", () => {
  it('a short-term loss sets off short-term, then long-term gains; a long-term loss only long-term', () => {
    // ST: −₹50,000 loss against ₹20,000 gain → ₹30,000 left goes off LT gain ₹2,00,000.
    // LT loss ₹10,000 off LT too. LT left ₹1,60,000 − ₹1,25,000 exemption = ₹35,000 at 12.5%.
    const e = estimateTax(
      [
        { short: 2_000_000n, long: 0n, stcgPct: '20', ltcgPct: '12.5' },
        { short: -5_000_000n, long: 20_000_000n - 1_000_000n, stcgPct: '20', ltcgPct: '12.5' },
      ],
      12_500_000n,
    );
    expect(e.setOff).toEqual({
      shortAgainstShort: 2_000_000n,
      shortAgainstLong: 3_000_000n,
      longAgainstLong: 0n,
    });
    expect(e).toMatchObject({ shortTaxable: 0n, longTaxable: 3_500_000n, longTax: 437_500n });
    // A long-term loss never reaches a short-term gain.
    const l = estimateTax(
      [{ short: 1_000_000n, long: -400_000n, stcgPct: '20', ltcgPct: '12.5' }],
      0n,
    );
    expect(l).toMatchObject({ shortTaxable: 1_000_000n, longLoss: 400_000n, shortTax: 200_000n });
    expect(l.setOff.longAgainstLong).toBe(0n);
  });
});
