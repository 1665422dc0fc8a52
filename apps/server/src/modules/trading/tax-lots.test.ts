/** FIFO tax lots: property tests over random buy/sell sequences, and a worked example. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchLots, type TaxFill, termOf } from './tax-lots.ts';

const day = (n: number) => new Date(Date.UTC(2024, 3, 1) + n * 86_400_000);

/** Random sequences that never sell more than is held, over two scrips. */
const sequences = fc
  .array(
    fc.record({
      symbol: fc.constantFrom('INFY', 'TCS'),
      buy: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 50 }),
      price: fc.integer({ min: 1, max: 500_000 }),
      charges: fc.integer({ min: 0, max: 5_000 }),
      gapDays: fc.integer({ min: 0, max: 200 }),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    const held = new Map<string, number>();
    const fills: TaxFill[] = [];
    let at = 0;
    for (const [i, s] of steps.entries()) {
      at += s.gapDays;
      const have = held.get(s.symbol) ?? 0;
      const quantity = s.buy ? s.quantity : Math.min(s.quantity, have);
      if (quantity === 0) continue;
      held.set(s.symbol, have + (s.buy ? quantity : -quantity));
      fills.push({
        id: String(i).padStart(3, '0'),
        side: s.buy ? 'buy' : 'sell',
        symbol: s.symbol,
        quantity,
        valuePaise: BigInt(s.price) * BigInt(quantity),
        chargesPaise: BigInt(s.charges),
        executedAt: day(at),
      });
    }
    return fills;
  });

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe('FIFO tax lots', () => {
  it('realised + intraday + open cost = total bought; the same for charges and quantity', () => {
    fc.assert(
      fc.property(sequences, (fills) => {
        const { realised, open, intraday } = matchLots(fills);
        const buys = fills.filter((f) => f.side === 'buy');
        const sells = fills.filter((f) => f.side === 'sell');
        expect(
          sum(realised.map((r) => r.costPaise)) +
            sum(open.map((o) => o.costPaise)) +
            sum(intraday.map((t) => t.buyValuePaise)),
        ).toBe(sum(buys.map((b) => b.valuePaise)));
        expect(
          sum(realised.map((r) => r.chargesPaise)) +
            sum(open.map((o) => o.chargesPaise)) +
            sum(intraday.map((t) => t.chargesPaise)),
        ).toBe(sum(fills.map((f) => f.chargesPaise)));
        expect(
          sum(realised.map((r) => r.proceedsPaise)) + sum(intraday.map((t) => t.sellValuePaise)),
        ).toBe(sum(sells.map((s) => s.valuePaise)));
        const bought = buys.reduce((n, b) => n + b.quantity, 0);
        const sold = sells.reduce((n, s) => n + s.quantity, 0);
        const paired = intraday.reduce((n, t) => n + t.quantity, 0);
        expect(realised.reduce((n, r) => n + r.quantity, 0) + paired).toBe(sold);
        expect(open.reduce((n, o) => n + o.quantity, 0)).toBe(bought - sold);
      }),
    );
  });

  it('no lot is sold twice: per scrip, pieces sold from each buy never pass its quantity, oldest first', () => {
    fc.assert(
      fc.property(sequences, (fills) => {
        const { realised, open } = matchLots(fills);
        for (const symbol of ['INFY', 'TCS']) {
          const buys = fills.filter((f) => f.side === 'buy' && f.symbol === symbol);
          const soldFrom = new Map<number, number>();
          for (const r of realised.filter((x) => x.symbol === symbol))
            soldFrom.set(
              r.boughtAt.getTime(),
              (soldFrom.get(r.boughtAt.getTime()) ?? 0) + r.quantity,
            );
          const boughtOn = new Map<number, number>();
          for (const b of buys)
            boughtOn.set(
              b.executedAt.getTime(),
              (boughtOn.get(b.executedAt.getTime()) ?? 0) + b.quantity,
            );
          for (const [at, q] of soldFrom) expect(q).toBeLessThanOrEqual(boughtOn.get(at)!);
          // What is still open is never older than anything sold.
          const oldestOpen = Math.min(
            ...open.filter((o) => o.symbol === symbol).map((o) => o.boughtAt.getTime()),
          );
          for (const at of soldFrom.keys()) expect(at).toBeLessThanOrEqual(oldestOpen);
        }
      }),
    );
  });

  it('worked example: buy 10 @ ₹100 and 10 @ ₹120, sell 15 @ ₹150 thirteen months later', () => {
    const fills: TaxFill[] = [
      {
        id: '1',
        side: 'buy',
        symbol: 'INFY',
        quantity: 10,
        valuePaise: 100_000n,
        chargesPaise: 100n,
        executedAt: day(0),
      },
      {
        id: '2',
        side: 'buy',
        symbol: 'INFY',
        quantity: 10,
        valuePaise: 120_000n,
        chargesPaise: 100n,
        executedAt: day(100),
      },
      {
        id: '3',
        side: 'sell',
        symbol: 'INFY',
        quantity: 15,
        valuePaise: 225_000n,
        chargesPaise: 300n,
        executedAt: day(396),
      },
    ];
    const { realised, open } = matchLots(fills);
    // First lot: 10 shares held 396 days — long-term. Cost ₹1,000, proceeds 10/15 of ₹2,250.
    expect(realised[0]).toMatchObject({
      quantity: 10,
      term: 'long',
      costPaise: 100_000n,
      proceedsPaise: 150_000n,
      chargesPaise: 300n,
      gainPaise: 49_700n,
    });
    // Second lot: 5 of 10 shares, held 296 days — short-term. Cost ₹600, the rest of the proceeds.
    expect(realised[1]).toMatchObject({
      quantity: 5,
      term: 'short',
      costPaise: 60_000n,
      proceedsPaise: 75_000n,
      chargesPaise: 150n,
      gainPaise: 14_850n,
    });
    expect(open).toEqual([
      {
        symbol: 'INFY',
        boughtAt: day(100),
        quantity: 5,
        costPaise: 60_000n,
        chargesPaise: 50n,
        sttPaise: 0n,
      },
    ]);
    expect(termOf(day(0), day(365))).toBe('short'); // exactly 12 months: still short-term
  });
});
