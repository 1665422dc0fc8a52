/**
 * The tax P&L of a financial year, checked by hand: FIFO lots, the split at twelve months,
 * the year's edges in IST, set-off of a short-term loss, the ₹1.25 lakh exemption and the
 * rates since 23 July 2024 (STCG 20%, LTCG 12.5%).
 */
import { describe, expect, it } from 'vitest';
import type { TaxFill } from './tax-lots.ts';
import { estimateTax, taxYear } from './tax-year.ts';

let n = 0;
const fill = (
  side: 'buy' | 'sell',
  symbol: string,
  quantity: number,
  valuePaise: bigint,
  chargesPaise: bigint,
  at: string,
  dpPaise = 0n,
): TaxFill => ({
  id: String(++n).padStart(4, '0'),
  side,
  symbol,
  quantity,
  valuePaise,
  chargesPaise,
  dpPaise,
  executedAt: new Date(at),
});

describe('tax P&L of a financial year', () => {
  it('worked tax example FY 2025-26: TCS long-term over the exemption, an INFY short-term loss set off, HDFCBANK short-term gain', () => {
    const fills = [
      // FY 2024-25: bought and sold inside it, so not in 2025-26.
      fill('buy', 'WIPRO', 20, 1_000_000n, 1_200n, '2024-09-02T05:00:00Z'),
      fill('sell', 'WIPRO', 20, 1_100_000n, 1_300n, '2025-02-03T05:00:00Z', 1_350n),
      // 100 TCS for ₹3,00,000 + ₹360 charges.
      fill('buy', 'TCS', 100, 30_000_000n, 36_000n, '2024-06-10T05:00:00Z'),
      fill('buy', 'INFY', 50, 7_500_000n, 9_000n, '2025-05-12T05:00:00Z'),
      fill('sell', 'TCS', 60, 24_000_000n, 30_000n, '2025-08-20T05:00:00Z', 1_350n),
      fill('sell', 'INFY', 50, 7_000_000n, 8_500n, '2025-11-03T05:00:00Z', 1_350n),
      fill('sell', 'TCS', 40, 27_000_000n, 25_000n, '2026-01-15T05:00:00Z', 1_350n),
      fill('buy', 'HDFCBANK', 10, 1_600_000n, 2_000n, '2026-02-02T05:00:00Z'),
      fill('sell', 'HDFCBANK', 10, 1_800_000n, 2_500n, '2026-03-10T05:00:00Z', 1_350n),
      // 31 March 2026 20:00 UTC is 1 April 01:30 IST: FY 2026-27.
      fill('buy', 'ITC', 100, 4_000_000n, 4_800n, '2026-03-20T05:00:00Z'),
      fill('sell', 'ITC', 50, 2_100_000n, 2_600n, '2026-03-31T20:00:00Z', 1_350n),
    ];
    const year = taxYear(fills, 2025, new Date('2026-04-10T05:00:00Z'), (s) =>
      s === 'ITC' ? 42_000n : null,
    );
    expect(year.realised.map((r) => [r.symbol, r.term, r.quantity, r.gainPaise])).toEqual([
      // 60 of 100 TCS, held 14 months: cost 60% of ₹3,00,000 = ₹1,80,000, buy charges 60% of
      // ₹360 = ₹216, sell charges ₹300: 2,40,000 − 1,80,000 − 216 − 300 = ₹59,484.
      ['TCS', 'long', 60, 5_948_400n],
      // 50 INFY, held 6 months: 70,000 − 75,000 − 90 − 85 = −₹5,175.
      ['INFY', 'short', 50, -517_500n],
      // The other 40 TCS: 2,70,000 − 1,20,000 − 144 − 250 = ₹1,49,606.
      ['TCS', 'long', 40, 14_960_600n],
      // 10 HDFCBANK, held 5 weeks: 18,000 − 16,000 − 20 − 25 = ₹1,955.
      ['HDFCBANK', 'short', 10, 195_500n],
    ]);
    expect(year.realised[0]).toMatchObject({
      costPaise: 18_000_000n,
      chargesPaise: 51_600n,
      dpPaise: 1_350n,
    });
    // Short-term: −5,175 + 1,955 = −₹3,220. Long-term: 59,484 + 1,49,606 = ₹2,09,090.
    expect(year.summary).toMatchObject({
      shortTerm: -322_000n,
      longTerm: 20_909_000n,
      charges: 51_600n + 17_500n + 39_400n + 4_500n,
      dp: 4n * 1_350n,
      turnover: 24_000_000n + 7_000_000n + 27_000_000n + 1_800_000n,
    });
    // The short-term loss sets off long-term gains: 2,09,090 − 3,220 = ₹2,05,870; less the
    // ₹1,25,000 exemption, ₹80,870 is taxed at 12.5%: ₹10,108.75. Nothing short-term is taxed.
    expect(year.estimate).toEqual({
      shortTaxable: 0n,
      longTaxable: 8_087_000n,
      shortTax: 0n,
      longTax: 1_010_875n,
      totalTax: 1_010_875n,
      shortLoss: 0n,
      longLoss: 0n,
    });
    expect(year.scrips.map(([s, v]) => [s, v.short, v.long])).toEqual([
      ['HDFCBANK', 195_500n, 0n],
      ['INFY', -517_500n, 0n],
      ['TCS', 0n, 20_909_000n],
    ]);
    // The ITC lot left open: 50 at ₹420 against ₹20,000 cost and ₹24 of the buy's charges.
    expect(year.open).toEqual([
      expect.objectContaining({
        symbol: 'ITC',
        quantity: 50,
        costPaise: 2_000_000n,
        chargesPaise: 2_400n,
        valuePaise: 2_100_000n,
        gainPaise: 97_600n,
        term: 'short',
      }),
    ]);
    expect(year.years).toEqual([2026, 2025, 2024]);
    // The ITC sale after midnight IST belongs to 2026-27.
    const next = taxYear(fills, 2026, new Date('2026-04-10T05:00:00Z'), () => null);
    expect(next.realised.map((r) => r.symbol)).toEqual(['ITC']);
  });

  it('short-term gains are taxed at 20% and a long-term loss does not set them off', () => {
    expect(estimateTax(1_000_000n, -500_000n)).toEqual({
      shortTaxable: 1_000_000n,
      longTaxable: 0n,
      shortTax: 200_000n,
      longTax: 0n,
      totalTax: 200_000n,
      shortLoss: 0n,
      longLoss: 500_000n,
    });
  });

  it('a long-term gain within ₹1.25 lakh bears no tax; one paisa over bears 12.5% of it, rounded', () => {
    expect(estimateTax(0n, 12_500_000n).totalTax).toBe(0n);
    expect(estimateTax(0n, 12_500_004n).longTax).toBe(1n); // 0.5 paise rounds half up
    expect(estimateTax(-300n, 100n)).toMatchObject({ shortLoss: 200n, longTaxable: 0n });
  });
});
