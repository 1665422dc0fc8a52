/** matchLots with corporate actions folded in: the re-count by cumulative floors, a symbol change. */
import { describe, expect, it } from 'vitest';
import { type LotAdjustment, matchLots, type TaxFill } from './tax-lots.ts';

const at = (day: string) => new Date(`${day}T10:00:00+05:30`);
const buy = (
  id: string,
  symbol: string,
  quantity: number,
  value: bigint,
  day: string,
): TaxFill => ({
  id,
  side: 'buy',
  symbol,
  quantity,
  valuePaise: value,
  chargesPaise: 0n,
  executedAt: at(day),
});
const adjust = (a: Partial<LotAdjustment> & Pick<LotAdjustment, 'kind'>): LotAdjustment => ({
  symbol: 'ABC',
  newSymbol: null,
  effectiveAt: new Date('2025-06-01T00:00:00+05:30'),
  allottedAt: null,
  quantityBefore: 0,
  quantityAfter: 0,
  ...a,
});

describe('lots through corporate actions', () => {
  it('a 1:3 consolidation of lots of 4, 4 and 4 shares gives 1, 1 and 2 (12/3 = 4 in all), costs kept', () => {
    const fills = [
      buy('1', 'ABC', 4, 400n, '2025-01-02'),
      buy('2', 'ABC', 4, 800n, '2025-02-03'),
      buy('3', 'ABC', 4, 1200n, '2025-03-04'),
    ];
    const { open } = matchLots(fills, [
      adjust({ kind: 'consolidation', quantityBefore: 12, quantityAfter: 4 }),
    ]);
    // cumulative floors of n × 4/12: floor(4/3)=1, floor(8/3)−1=1, floor(12/3)−2=2
    expect(open.map((l) => [l.quantity, l.costPaise])).toEqual([
      [1, 400n],
      [1, 800n],
      [2, 1200n],
    ]);
  });

  it('a symbol change moves the lots; later buys under the new symbol queue behind them', () => {
    const fills = [
      buy('1', 'ABC', 10, 1000n, '2025-01-02'),
      buy('2', 'XYZ', 5, 700n, '2025-07-01'),
    ];
    const { open } = matchLots(fills, [
      adjust({ kind: 'symbol_change', newSymbol: 'XYZ', quantityBefore: 10, quantityAfter: 10 }),
    ]);
    expect(open.map((l) => [l.symbol, l.quantity, l.boughtAt.toISOString()])).toEqual([
      ['XYZ', 10, at('2025-01-02').toISOString()],
      ['XYZ', 5, at('2025-07-01').toISOString()],
    ]);
  });

  it('an adjustment after the last fill still applies; one for another scrip changes nothing', () => {
    const fills = [buy('1', 'ABC', 10, 1000n, '2025-01-02')];
    const { open } = matchLots(fills, [
      adjust({ kind: 'split', quantityBefore: 10, quantityAfter: 20 }),
      adjust({ kind: 'split', symbol: 'OTHER', quantityBefore: 3, quantityAfter: 6 }),
    ]);
    expect(open.map((l) => [l.symbol, l.quantity, l.costPaise])).toEqual([['ABC', 20, 1000n]]);
  });
});
