/**
 * FIFO tax lots from a client's own fills (issue 22's tax P&L): each buy fill opens a lot with
 * its charges; each sell consumes the oldest lots first. A matched piece carries its share of
 * the buy lot's cost and charges and of the sell's proceeds and charges, each split by
 * quantity with the remainder left on the last share, so the pieces of a lot or a sell add up
 * exactly to the whole. Held ≤ 12 months is short-term, longer is long-term.
 */
export type TaxFill = {
  id: string;
  side: 'buy' | 'sell';
  symbol: string;
  quantity: number;
  valuePaise: bigint;
  chargesPaise: bigint;
  /** Of a sell's charges, the DP charge (itemised in the tax P&L). */
  dpPaise?: bigint;
  executedAt: Date;
};

export type OpenLot = {
  symbol: string;
  boughtAt: Date;
  quantity: number;
  costPaise: bigint;
  chargesPaise: bigint;
};

export type RealisedLot = {
  symbol: string;
  quantity: number;
  boughtAt: Date;
  soldAt: Date;
  costPaise: bigint;
  proceedsPaise: bigint;
  /** The buy lot's charges and the sell's, allocated to this piece. */
  chargesPaise: bigint;
  /** Of `chargesPaise`, the sell's DP charge allocated to this piece. */
  dpPaise: bigint;
  gainPaise: bigint;
  term: 'short' | 'long';
};

/** Long-term when sold more than 12 calendar months after the buy. */
export function termOf(boughtAt: Date, soldAt: Date): 'short' | 'long' {
  const anniversary = new Date(boughtAt);
  anniversary.setUTCFullYear(anniversary.getUTCFullYear() + 1);
  return soldAt > anniversary ? 'long' : 'short';
}

/** `part` of `quantity` shares' `whole`, rounded down (the caller keeps the remainder). */
const shareOf = (whole: bigint, part: number, quantity: number) =>
  (whole * BigInt(part)) / BigInt(quantity);

/** Matches sells to buys, first in first out, per scrip; fills in execution order. */
export function matchLots(fills: TaxFill[]): { realised: RealisedLot[]; open: OpenLot[] } {
  const sorted = [...fills].sort(
    (a, b) => a.executedAt.getTime() - b.executedAt.getTime() || a.id.localeCompare(b.id),
  );
  const lots = new Map<string, OpenLot[]>();
  const realised: RealisedLot[] = [];
  for (const fill of sorted) {
    const queue = lots.get(fill.symbol) ?? [];
    lots.set(fill.symbol, queue);
    if (fill.side === 'buy') {
      queue.push({
        symbol: fill.symbol,
        boughtAt: fill.executedAt,
        quantity: fill.quantity,
        costPaise: fill.valuePaise,
        chargesPaise: fill.chargesPaise,
      });
      continue;
    }
    let left = fill.quantity;
    let proceedsLeft = fill.valuePaise;
    let sellChargesLeft = fill.chargesPaise;
    let dpLeft = fill.dpPaise ?? 0n;
    while (left > 0) {
      const lot = queue[0];
      if (!lot) throw new Error(`Sell of ${fill.symbol} beyond the shares bought`);
      const take = Math.min(left, lot.quantity);
      const cost =
        take === lot.quantity ? lot.costPaise : shareOf(lot.costPaise, take, lot.quantity);
      const buyCharges =
        take === lot.quantity ? lot.chargesPaise : shareOf(lot.chargesPaise, take, lot.quantity);
      const proceeds = take === left ? proceedsLeft : shareOf(proceedsLeft, take, left);
      const sellCharges = take === left ? sellChargesLeft : shareOf(sellChargesLeft, take, left);
      const dp = take === left ? dpLeft : shareOf(dpLeft, take, left);
      const charges = buyCharges + sellCharges;
      realised.push({
        symbol: fill.symbol,
        quantity: take,
        boughtAt: lot.boughtAt,
        soldAt: fill.executedAt,
        costPaise: cost,
        proceedsPaise: proceeds,
        chargesPaise: charges,
        dpPaise: dp,
        gainPaise: proceeds - cost - charges,
        term: termOf(lot.boughtAt, fill.executedAt),
      });
      lot.quantity -= take;
      lot.costPaise -= cost;
      lot.chargesPaise -= buyCharges;
      if (lot.quantity === 0) queue.shift();
      left -= take;
      proceedsLeft -= proceeds;
      sellChargesLeft -= sellCharges;
      dpLeft -= dp;
    }
  }
  return { realised, open: [...lots.values()].flat() };
}
