/**
 * FIFO tax lots from a client's own fills (issue 22's tax P&L): each buy fill opens a lot with
 * its charges; each sell consumes the oldest lots first. A matched piece carries its share of
 * the buy lot's cost and charges and of the sell's proceeds and charges, each split by
 * quantity with the remainder left on the last share, so the pieces of a lot or a sell add up
 * exactly to the whole. Held ≤ 12 months is short-term, longer is long-term. Same-day buys
 * and sells of a scrip pair off first as intraday trades (intraday.ts), outside the lots.
 *
 * Section 48 deducts from the sale value the cost and the expenditure "wholly and exclusively
 * in connection with" the transfer — brokerage, exchange and SEBI fees, stamp duty, the DP
 * charge and their GST — but section 40(a)(ib)/48's proviso excludes STT, so a piece's gain
 * leaves its STT out (it stays itemised in `sttPaise`).
 */
import { istDateOf } from '../../platform/ist.ts';
import { type IntradayTrade, splitIntraday } from './intraday.ts';

export type TaxFill = {
  id: string;
  side: 'buy' | 'sell';
  symbol: string;
  quantity: number;
  valuePaise: bigint;
  chargesPaise: bigint;
  /** Of a sell's charges, the DP charge (itemised in the tax P&L). */
  dpPaise?: bigint;
  /** Of the charges, the securities transaction tax (not deductible from capital gains). */
  sttPaise?: bigint;
  executedAt: Date;
  /** The IST day it executed on, when the loader worked it out once (tax-pnl.ts). */
  day?: string;
};

/**
 * A corporate action's effect on one client's lots of a scrip (holding_adjustments): at
 * `effectiveAt` the open lots of `symbol` (`quantityBefore` shares in all) become
 * `quantityAfter` — a split or consolidation re-counts each lot, cost and acquisition date
 * kept; a bonus adds one lot of the new shares at nil cost acquired at `allottedAt`; a symbol
 * change moves the lots to `newSymbol`. Shares transferred in from another broker (decision
 * 060) arrive the same way: at `effectiveAt` (the confirmation) one lot of
 * `quantityAfter − quantityBefore` shares at `costPaise`, acquired at `allottedAt` (the
 * original trade), placed among the open lots by that date so FIFO takes the oldest first.
 */
export type LotAdjustment = {
  symbol: string;
  kind: 'split' | 'consolidation' | 'bonus' | 'symbol_change' | 'transfer_in';
  newSymbol: string | null;
  effectiveAt: Date;
  allottedAt: Date | null;
  quantityBefore: number;
  quantityAfter: number;
  /** A transfer_in lot's cost; absent (nil) for corporate actions. */
  costPaise?: bigint;
};

export type OpenLot = {
  symbol: string;
  boughtAt: Date;
  quantity: number;
  costPaise: bigint;
  chargesPaise: bigint;
  /** Of `chargesPaise`, the buy's STT still on these shares. */
  sttPaise: bigint;
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
  /** Of `chargesPaise`, both sides' STT: not deducted from the gain. */
  sttPaise: bigint;
  /** Proceeds − cost − (charges − STT). */
  gainPaise: bigint;
  term: 'short' | 'long';
};

/**
 * Long-term when held "more than 12 months" (section 2(42A)): the IST sell date after the IST
 * buy date's first anniversary. Dates, not instants: a lot sold on its anniversary is
 * short-term whatever the hour of the buy. A 29 February buy's anniversary is read as the
 * text "YYYY-02-29", so 28 February is short-term and 1 March long-term.
 */
export function termOf(boughtAt: Date, soldAt: Date): 'short' | 'long' {
  const bought = istDateOf(boughtAt);
  const anniversary = `${Number(bought.slice(0, 4)) + 1}${bought.slice(4)}`;
  return istDateOf(soldAt) > anniversary ? 'long' : 'short';
}

/** `part` of `quantity` shares' `whole`, rounded down (the caller keeps the remainder). */
const shareOf = (whole: bigint, part: number, quantity: number) =>
  (whole * BigInt(part)) / BigInt(quantity);

/**
 * Pairs each scrip's same-day buys and sells as intraday trades, then matches the remaining
 * sells to buys, first in first out, per scrip; fills in execution order.
 */
export function matchLots(
  fills: readonly TaxFill[],
  adjustments: readonly LotAdjustment[] = [],
): {
  realised: RealisedLot[];
  open: OpenLot[];
  intraday: IntradayTrade[];
} {
  const { delivery, intraday } = splitIntraday(fills);
  const sorted = [...delivery].sort(
    (a, b) => a.executedAt.getTime() - b.executedAt.getTime() || a.id.localeCompare(b.id),
  );
  const pending = [...adjustments].sort(
    (a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime(),
  );
  const lots = new Map<string, OpenLot[]>();
  const realised: RealisedLot[] = [];
  for (const fill of sorted) {
    while (pending.length && pending[0]!.effectiveAt <= fill.executedAt)
      adjustLots(lots, pending.shift()!);
    const queue = lots.get(fill.symbol) ?? [];
    lots.set(fill.symbol, queue);
    if (fill.side === 'buy') {
      queue.push({
        symbol: fill.symbol,
        boughtAt: fill.executedAt,
        quantity: fill.quantity,
        costPaise: fill.valuePaise,
        chargesPaise: fill.chargesPaise,
        sttPaise: fill.sttPaise ?? 0n,
      });
      continue;
    }
    realised.push(...sellFromLots(queue, fill));
  }
  for (const adjustment of pending) adjustLots(lots, adjustment);
  return { realised, open: [...lots.values()].flat(), intraday };
}

/**
 * Takes a sell's shares off the scrip's lots, oldest first, each piece carrying its share of
 * the lot's cost and charges and of the sell's proceeds and charges.
 */
function sellFromLots(queue: OpenLot[], fill: TaxFill): RealisedLot[] {
  const pieces: RealisedLot[] = [];
  let left = fill.quantity;
  let proceedsLeft = fill.valuePaise;
  let sellChargesLeft = fill.chargesPaise;
  let dpLeft = fill.dpPaise ?? 0n;
  let sttLeft = fill.sttPaise ?? 0n;
  while (left > 0) {
    const lot = queue[0];
    if (!lot) throw new Error(`Sell of ${fill.symbol} beyond the shares bought`);
    const take = Math.min(left, lot.quantity);
    const cost = take === lot.quantity ? lot.costPaise : shareOf(lot.costPaise, take, lot.quantity);
    const buyCharges =
      take === lot.quantity ? lot.chargesPaise : shareOf(lot.chargesPaise, take, lot.quantity);
    const proceeds = take === left ? proceedsLeft : shareOf(proceedsLeft, take, left);
    const sellCharges = take === left ? sellChargesLeft : shareOf(sellChargesLeft, take, left);
    const dp = take === left ? dpLeft : shareOf(dpLeft, take, left);
    const buyStt = take === lot.quantity ? lot.sttPaise : shareOf(lot.sttPaise, take, lot.quantity);
    const sellStt = take === left ? sttLeft : shareOf(sttLeft, take, left);
    const charges = buyCharges + sellCharges;
    const stt = buyStt + sellStt;
    pieces.push({
      symbol: fill.symbol,
      quantity: take,
      boughtAt: lot.boughtAt,
      soldAt: fill.executedAt,
      costPaise: cost,
      proceedsPaise: proceeds,
      chargesPaise: charges,
      dpPaise: dp,
      sttPaise: stt,
      gainPaise: proceeds - cost - (charges - stt),
      term: termOf(lot.boughtAt, fill.executedAt),
    });
    lot.quantity -= take;
    lot.costPaise -= cost;
    lot.chargesPaise -= buyCharges;
    lot.sttPaise -= buyStt;
    if (lot.quantity === 0) queue.shift();
    left -= take;
    proceedsLeft -= proceeds;
    sellChargesLeft -= sellCharges;
    dpLeft -= dp;
    sttLeft -= sellStt;
  }
  return pieces;
}

/**
 * Re-counts a scrip's open lots for one corporate action. Lot i of a split or consolidation
 * gets floor(cumulative × after / before) − floor(previous cumulative × after / before)
 * shares, so the lots add up to exactly `quantityAfter`, whatever the ratio; a lot left with
 * no share (a consolidation's fraction, which the issuer pays for in cash) leaves the books.
 */
function adjustLots(lots: Map<string, OpenLot[]>, a: LotAdjustment) {
  const queue = lots.get(a.symbol) ?? [];
  if (a.kind === 'symbol_change') {
    if (!a.newSymbol) return;
    const moved = queue.map((lot) => ({ ...lot, symbol: a.newSymbol! }));
    const merged = [...moved, ...(lots.get(a.newSymbol) ?? [])].sort(
      (x, y) => x.boughtAt.getTime() - y.boughtAt.getTime(),
    );
    lots.delete(a.symbol);
    lots.set(a.newSymbol, merged);
    return;
  }
  if (a.kind === 'transfer_in') {
    const lot: OpenLot = {
      symbol: a.symbol,
      boughtAt: a.allottedAt ?? a.effectiveAt,
      quantity: a.quantityAfter - a.quantityBefore,
      costPaise: a.costPaise ?? 0n,
      chargesPaise: 0n,
      sttPaise: 0n,
    };
    const later = queue.findIndex((open) => open.boughtAt > lot.boughtAt);
    lots.set(a.symbol, later < 0 ? [...queue, lot] : queue.toSpliced(later, 0, lot));
    return;
  }
  if (a.kind === 'bonus') {
    const added = a.quantityAfter - a.quantityBefore;
    if (added > 0)
      lots.set(a.symbol, [
        ...queue,
        {
          symbol: a.symbol,
          boughtAt: a.allottedAt ?? a.effectiveAt,
          quantity: added,
          costPaise: 0n,
          chargesPaise: 0n,
          sttPaise: 0n,
        },
      ]);
    return;
  }
  const before = BigInt(queue.reduce((s, lot) => s + lot.quantity, 0));
  if (before === 0n) return;
  const after = BigInt(a.quantityAfter);
  let cumulative = 0n;
  let given = 0n;
  const next: OpenLot[] = [];
  for (const lot of queue) {
    cumulative += BigInt(lot.quantity);
    const upTo = (cumulative * after) / before;
    const quantity = Number(upTo - given);
    given = upTo;
    if (quantity > 0) next.push({ ...lot, quantity });
  }
  lots.set(a.symbol, next);
}
