/**
 * Lots transferred in (decision 060) take their place in FIFO by their original date: a lot
 * bought elsewhere two years ago is sold before one bought here last month, though it arrived
 * later; a corporate action after the arrival re-counts it like any other lot.
 */
import { describe, expect, it } from 'vitest';
import { type LotAdjustment, matchLots, type TaxFill } from './tax-lots.ts';

const at = (iso: string) => new Date(`${iso}T04:30:00Z`);
const fill = (
  id: string,
  side: 'buy' | 'sell',
  quantity: number,
  value: bigint,
  day: string,
): TaxFill => ({
  id,
  side,
  symbol: 'INFY',
  quantity,
  valuePaise: value,
  chargesPaise: 0n,
  executedAt: at(day),
});
const transferIn = (
  quantity: number,
  cost: bigint,
  bought: string,
  arrived: string,
  before: number,
): LotAdjustment => ({
  symbol: 'INFY',
  kind: 'transfer_in',
  newSymbol: null,
  effectiveAt: at(arrived),
  allottedAt: at(bought),
  quantityBefore: before,
  quantityAfter: before + quantity,
  costPaise: cost,
});

describe('a transferred lot among lots bought here', () => {
  it('is sold first when it is older, long-term by its original date', () => {
    const { realised, open } = matchLots(
      [
        fill('1', 'buy', 10, 1_500_000n, '2026-10-01'),
        fill('2', 'sell', 12, 2_400_000n, '2026-11-20'),
      ],
      [transferIn(5, 500_000n, '2024-06-03', '2026-11-02', 10)],
    );
    expect(realised.map((r) => [r.quantity, r.costPaise, r.term])).toEqual([
      [5, 500_000n, 'long'],
      [7, 1_050_000n, 'short'],
    ]);
    expect(open.map((l) => [l.quantity, l.costPaise])).toEqual([[3, 450_000n]]);
  });

  it('is re-counted by a split after it arrived, cost kept', () => {
    const { open } = matchLots(
      [],
      [
        transferIn(5, 500_000n, '2024-06-03', '2026-11-02', 0),
        {
          symbol: 'INFY',
          kind: 'split',
          newSymbol: null,
          effectiveAt: at('2026-11-10'),
          allottedAt: null,
          quantityBefore: 5,
          quantityAfter: 25,
        },
      ],
    );
    expect(open.map((l) => [l.quantity, l.costPaise, l.boughtAt])).toEqual([
      [25, 500_000n, at('2024-06-03')],
    ]);
  });
});
