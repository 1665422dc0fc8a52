/**
 * The tax P&L of a financial year, checked by hand: FIFO lots, the split at twelve months,
 * the year's edges in IST, set-off of a short-term loss, and the rates and exemption by sell
 * date — FY 2023-24 at STCG 15% and LTCG 10% over ₹1 lakh, FY 2024-25 split at 23 July 2024
 * with one ₹1.25 lakh exemption for the year, FY 2025-26 at STCG 20% and LTCG 12.5% over
 * ₹1.25 lakh.
 */
import { describe, expect, it } from 'vitest';
import { capitalGainsPeriods, ltcgExemptionOf } from '@sampada/shared';
import type { TaxFill } from './tax-lots.ts';
import { estimateTax, type RateBucket, taxYear } from './tax-year.ts';

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
    expect(year.estimate).toMatchObject({
      shortTaxable: 0n,
      longTaxable: 8_087_000n,
      shortTax: 0n,
      longTax: 1_010_875n,
      totalTax: 1_010_875n,
      shortLoss: 0n,
      longLoss: 0n,
      exemption: 12_500_000n,
      rule: { stcg_rate_pct: '20', ltcg_rate_pct: '12.5' },
    });
    // One rate period: the whole year is after 23 July 2024.
    expect(year.estimate.periods).toEqual([
      expect.objectContaining({
        from: '2025-04-01',
        to: '2026-03-31',
        short: -322_000n,
        long: 20_909_000n,
        longTaxable: 8_087_000n,
        longTax: 1_010_875n,
      }),
    ]);
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

  it('worked tax example FY 2023-24: before 23 July 2024, STCG 15% and LTCG 10% over the ₹1 lakh exemption', () => {
    const fills = [
      // 100 RELIANCE for ₹2,40,000 + ₹288, sold 15 months later for ₹3,60,000 − ₹432.
      fill('buy', 'RELIANCE', 100, 24_000_000n, 28_800n, '2022-05-10T05:00:00Z'),
      fill('sell', 'RELIANCE', 100, 36_000_000n, 43_200n, '2023-08-14T05:00:00Z', 1_350n),
      // 40 INFY for ₹52,000 + ₹62.40, sold six months later for ₹60,000 − ₹72.
      fill('buy', 'INFY', 40, 5_200_000n, 6_240n, '2023-06-05T05:00:00Z'),
      fill('sell', 'INFY', 40, 6_000_000n, 7_200n, '2023-12-11T05:00:00Z', 1_350n),
    ];
    const year = taxYear(fills, 2023, new Date('2026-04-10T05:00:00Z'), () => null);
    expect(year.realised.map((r) => [r.symbol, r.term, r.gainPaise])).toEqual([
      // 3,60,000 − 2,40,000 − 288 − 432 = ₹1,19,280.
      ['RELIANCE', 'long', 11_928_000n],
      // 60,000 − 52,000 − 62.40 − 72 = ₹7,865.60.
      ['INFY', 'short', 786_560n],
    ]);
    // Long-term: 1,19,280 − 1,00,000 = ₹19,280 at 10% = ₹1,928. Short-term: ₹7,865.60 at
    // 15% = ₹1,179.84. Total ₹3,107.84 (at today's rates it would be ₹1,573.12).
    expect(year.estimate).toMatchObject({
      shortTaxable: 786_560n,
      longTaxable: 1_928_000n,
      shortTax: 117_984n,
      longTax: 192_800n,
      totalTax: 310_784n,
      exemption: 10_000_000n,
      rule: { stcg_rate_pct: '15', ltcg_rate_pct: '10' },
    });
    expect(year.estimate.periods.map((p) => [p.from, p.to, p.rule.stcg_rate_pct])).toEqual([
      ['2023-04-01', '2024-03-31', '15'],
    ]);
  });

  it('worked tax example FY 2024-25: sales on both sides of 23 July 2024, one ₹1.25 lakh exemption for the year', () => {
    const fills = [
      // Long-term, sold 22 July 2024 (old rates): 1,95,000 − 75,000 − 90 − 234 = ₹1,19,676.
      fill('buy', 'HDFCBANK', 50, 7_500_000n, 9_000n, '2023-01-16T05:00:00Z'),
      fill('sell', 'HDFCBANK', 50, 19_500_000n, 23_400n, '2024-07-22T09:00:00Z', 1_350n),
      // Long-term, sold at 18:45 UTC on 22 July = 00:15 IST on 23 July (new rates):
      // 1,26,000 − 1,02,000 − 122.40 − 151.20 = ₹23,726.40.
      fill('buy', 'TCS', 30, 10_200_000n, 12_240n, '2023-03-01T05:00:00Z'),
      fill('sell', 'TCS', 30, 12_600_000n, 15_120n, '2024-07-22T18:45:00Z', 1_350n),
      // Short-term, sold in June (old rates): 45,000 − 43,000 − 51.60 − 54 = ₹1,894.40.
      fill('buy', 'ITC', 100, 4_300_000n, 5_160n, '2024-04-08T05:00:00Z'),
      fill('sell', 'ITC', 100, 4_500_000n, 5_400n, '2024-06-20T05:00:00Z', 1_350n),
      // Short-term, after: INFY 31,000 − 34,000 − 40.80 − 37.20 = −₹3,078 and
      // SBIN 38,000 − 36,000 − 43.20 − 45.60 = ₹1,911.20.
      fill('buy', 'INFY', 20, 3_400_000n, 4_080n, '2024-08-05T05:00:00Z'),
      fill('sell', 'INFY', 20, 3_100_000n, 3_720n, '2024-10-21T05:00:00Z', 1_350n),
      fill('buy', 'SBIN', 10, 3_600_000n, 4_320n, '2024-09-02T05:00:00Z'),
      fill('sell', 'SBIN', 10, 3_800_000n, 4_560n, '2025-01-06T05:00:00Z', 1_350n),
    ];
    const year = taxYear(fills, 2024, new Date('2026-04-10T05:00:00Z'), () => null);
    expect(year.realised.map((r) => [r.symbol, r.term, r.gainPaise])).toEqual([
      ['ITC', 'short', 189_440n],
      ['HDFCBANK', 'long', 11_967_600n],
      ['TCS', 'long', 2_372_640n],
      ['INFY', 'short', -307_800n],
      ['SBIN', 'short', 191_120n],
    ]);
    // Before: short ₹1,894.40, long ₹1,19,676. After: short −3,078 + 1,911.20 = −₹1,166.80,
    // long ₹23,726.40.
    // The short-term loss after sets off the short-term gain before (the only short-term gain):
    // 1,894.40 − 1,166.80 = ₹727.60 at 15% = ₹109.14.
    // The ₹1,25,000 exemption comes off the 12.5% gains first: ₹23,726.40 → 0, and the
    // remaining ₹1,01,273.60 off the 10% gains: 1,19,676 − 1,01,273.60 = ₹18,402.40 at 10%
    // = ₹1,840.24. Total ₹1,949.38. (₹1 lakh before and ₹1.25 lakh after apart, or the
    // exemption against the 10% gains first, would give other totals.)
    const [before, after] = year.estimate.periods;
    expect(before).toMatchObject({
      from: '2024-04-01',
      to: '2024-07-22',
      rule: { stcg_rate_pct: '15', ltcg_rate_pct: '10' },
      short: 189_440n,
      long: 11_967_600n,
      shortTaxable: 72_760n,
      longTaxable: 1_840_240n,
      shortTax: 10_914n,
      longTax: 184_024n,
    });
    expect(after).toMatchObject({
      from: '2024-07-23',
      to: '2025-03-31',
      rule: { stcg_rate_pct: '20', ltcg_rate_pct: '12.5' },
      short: -116_680n,
      long: 2_372_640n,
      shortTaxable: 0n,
      longTaxable: 0n,
      shortTax: 0n,
      longTax: 0n,
    });
    expect(year.estimate).toMatchObject({
      shortTaxable: 72_760n,
      longTaxable: 1_840_240n,
      shortTax: 10_914n,
      longTax: 184_024n,
      totalTax: 194_938n,
      shortLoss: 0n,
      longLoss: 0n,
      exemption: 12_500_000n,
      rule: { stcg_rate_pct: '20', ltcg_rate_pct: '12.5' },
    });
  });

  it('the rate periods and the exemption of each financial year come from the dated rules', () => {
    expect(capitalGainsPeriods(2023).map((p) => [p.from, p.to])).toEqual([
      ['2023-04-01', '2024-03-31'],
    ]);
    expect(capitalGainsPeriods(2024).map((p) => [p.from, p.to, p.rule.ltcg_rate_pct])).toEqual([
      ['2024-04-01', '2024-07-22', '10'],
      ['2024-07-23', '2025-03-31', '12.5'],
    ]);
    expect(capitalGainsPeriods(2025).map((p) => [p.from, p.to, p.rule.ltcg_rate_pct])).toEqual([
      ['2025-04-01', '2026-03-31', '12.5'],
    ]);
    expect([2023, 2024, 2025].map(ltcgExemptionOf)).toEqual([10_000_000, 12_500_000, 12_500_000]);
  });

  const at = (short: bigint, long: bigint, stcgPct = '20', ltcgPct = '12.5'): RateBucket => ({
    short,
    long,
    stcgPct,
    ltcgPct,
  });
  const EXEMPTION = 12_500_000n;

  it('short-term gains are taxed at 20% and a long-term loss does not set them off', () => {
    expect(estimateTax([at(1_000_000n, -500_000n)], EXEMPTION)).toMatchObject({
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
    expect(estimateTax([at(0n, 12_500_000n)], EXEMPTION).totalTax).toBe(0n);
    expect(estimateTax([at(0n, 12_500_004n)], EXEMPTION).longTax).toBe(1n); // 0.5 paise rounds half up
    expect(estimateTax([at(-300n, 100n)], EXEMPTION)).toMatchObject({
      shortLoss: 200n,
      longTaxable: 0n,
    });
  });

  it('a loss of one period sets off the gains taxed at the higher rate first', () => {
    // A short-term loss of ₹1,000 after 23 July, gains of ₹1,000 at 15% before and at 20% after
    // in other lots: the 20% gain goes, the 15% one is taxed.
    const split = estimateTax(
      [at(100_000n, 0n, '15', '10'), at(100_000n, 0n), at(-100_000n, 0n)],
      EXEMPTION,
    );
    expect(split.parts.map((p) => p.shortTaxable)).toEqual([100_000n, 0n, 0n]);
    expect(split.totalTax).toBe(15_000n);
    // A long-term loss left over sets off the 12.5% gains before the 10% ones.
    const long = estimateTax(
      [at(0n, 300_000n, '15', '10'), at(0n, 200_000n), at(0n, -250_000n)],
      0n,
    );
    expect(long.parts.map((p) => p.longTaxable)).toEqual([250_000n, 0n, 0n]);
    expect(long.longTax).toBe(25_000n);
  });
});
