/**
 * Shares of each scrip held at the end of an IST day, from the client's fills and the corporate
 * actions applied to their lots (from the ex-date: the closes before an ex-date are the old
 * shares' prices, so value stays continuous). `heldAt` answers one day; `heldThrough` walks the
 * days in order, applying each move once — the day-by-day series over five years of 10,000
 * fills was 1,300 × 10,000 date conversions with `heldAt` alone (bench/returns.mjs).
 */
import { istDateOf } from '../../platform/ist.ts';
import { fillDay, type LotAdjustment, type TaxFill } from '../trading/service.ts';
import { keptWithList } from './kept-with-list.ts';

/**
 * The IST day an adjustment counts from in a client's positions: a corporate action's ex-date;
 * for shares transferred in (decision 060), their original trade's day, so the history and the
 * returns hold them from when the client bought them, as the transfer's cash flow is dated.
 */
export const adjustmentDay = (a: LotAdjustment): string =>
  istDateOf(a.kind === 'transfer_in' ? (a.allottedAt ?? a.effectiveAt) : a.effectiveAt);

type Moves = { fills: readonly TaxFill[]; adjustments?: readonly LotAdjustment[] | undefined };
type Move = { day: string; symbol: string; quantity: number };

/**
 * Every change to a position, with its IST day: a fill on its day, an action on its ex-date, a
 * transfer in on its trade's day.
 */
function movesOf({ fills, adjustments = [] }: Moves): Move[] {
  const moves: Move[] = fills.map((f) => ({
    day: fillDay(f),
    symbol: f.symbol,
    quantity: f.side === 'buy' ? f.quantity : -f.quantity,
  }));
  for (const a of adjustments) {
    const day = adjustmentDay(a);
    if (a.kind !== 'symbol_change')
      moves.push({ day, symbol: a.symbol, quantity: a.quantityAfter - a.quantityBefore });
    else if (a.newSymbol) {
      moves.push({ day, symbol: a.symbol, quantity: -a.quantityBefore });
      moves.push({ day, symbol: a.newSymbol, quantity: a.quantityAfter });
    }
  }
  return moves;
}

/** What identifies a list of adjustments (they are read afresh for every answer). */
export const adjustmentsKey = (adjustments: readonly LotAdjustment[]) =>
  adjustments
    .map((a) =>
      [
        a.symbol,
        a.kind,
        a.newSymbol,
        a.effectiveAt.getTime(),
        a.allottedAt?.getTime(),
        a.quantityBefore,
        a.quantityAfter,
        a.costPaise,
      ].join(','),
    )
    .join(';');

const movesKept = keptWithList<readonly Move[]>();

/**
 * The moves in day order, kept with a kept fills list for the same adjustments: the returns
 * walk them twice an answer, 10,000 fills each.
 */
const sortedMovesOf = (input: Moves): readonly Move[] =>
  movesKept(input.fills, adjustmentsKey(input.adjustments ?? []), () =>
    movesOf(input).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
  );

const withoutEmpty = (held: Map<string, number>) =>
  new Map([...held].filter(([, quantity]) => quantity !== 0));

/** Shares held at the end of `day`. */
export function heldAt(input: Moves, day: string): Map<string, number> {
  const held = new Map<string, number>();
  for (const m of movesOf(input))
    if (m.day <= day) held.set(m.symbol, (held.get(m.symbol) ?? 0) + m.quantity);
  return withoutEmpty(held);
}

/**
 * A walk over days in ascending order: each call answers the shares held at the end of its day,
 * applying only the moves since the last call. A day earlier than the last one is refused.
 * The answer is the walk's own map, read before the next call (the series asks once a day for
 * five years: a fresh copy each day was most of the walk).
 */
export function heldThrough(input: Moves): (day: string) => ReadonlyMap<string, number> {
  const moves = sortedMovesOf(input);
  const held = new Map<string, number>();
  let next = 0;
  let last = '';
  return (day) => {
    if (day < last) throw new Error(`heldThrough walks forward: ${day} after ${last}`);
    last = day;
    for (; next < moves.length && moves[next]!.day <= day; next++) {
      const m = moves[next]!;
      const quantity = (held.get(m.symbol) ?? 0) + m.quantity;
      if (quantity === 0) held.delete(m.symbol);
      else held.set(m.symbol, quantity);
    }
    return held;
  };
}
