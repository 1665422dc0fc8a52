/**
 * Same-day buys and sells of one scrip are settled without delivery (the exchanges net them):
 * the matched quantity is intraday — speculative business income (section 43(5)), in its own
 * section of the tax P&L, never a capital gain. Per scrip and IST day, the first
 * min(bought, sold) shares of the day's buys and of its sells (in execution order) pair off;
 * the rest of each fill stays delivery and goes to the FIFO lots. Amounts are split by
 * quantity with the remainder on the later part, so the parts add up to each fill exactly.
 */
import { fillDay } from './fill-day.ts';
import type { TaxFill } from './tax-lots.ts';

export type IntradayTrade = {
  symbol: string;
  /** The IST day of the buys and sells. */
  day: string;
  quantity: number;
  buyValuePaise: bigint;
  sellValuePaise: bigint;
  /** Both sides' charges on these shares, STT included (deductible from business income). */
  chargesPaise: bigint;
  sttPaise: bigint;
  /** Sell value − buy value − charges. */
  resultPaise: bigint;
};

const part = (whole: bigint | undefined, take: number, of: number) =>
  ((whole ?? 0n) * BigInt(take)) / BigInt(of);

/** Cuts `take` shares off the front of a fill: [the cut piece, what is left or null]. */
function cut(fill: TaxFill, take: number): [TaxFill, TaxFill | null] {
  if (take >= fill.quantity) return [fill, null];
  const piece: TaxFill = {
    ...fill,
    quantity: take,
    valuePaise: part(fill.valuePaise, take, fill.quantity),
    chargesPaise: part(fill.chargesPaise, take, fill.quantity),
    dpPaise: part(fill.dpPaise, take, fill.quantity),
    sttPaise: part(fill.sttPaise, take, fill.quantity),
  };
  const rest: TaxFill = {
    ...fill,
    quantity: fill.quantity - take,
    valuePaise: fill.valuePaise - piece.valuePaise,
    chargesPaise: fill.chargesPaise - piece.chargesPaise,
    dpPaise: (fill.dpPaise ?? 0n) - (piece.dpPaise ?? 0n),
    sttPaise: (fill.sttPaise ?? 0n) - (piece.sttPaise ?? 0n),
  };
  return [piece, rest];
}

/** Takes `quantity` shares from the front of `side`'s fills; returns the pieces and the rest. */
function takeFront(side: TaxFill[], quantity: number) {
  const taken: TaxFill[] = [];
  const rest: TaxFill[] = [];
  let left = quantity;
  for (const fill of side) {
    if (left === 0) {
      rest.push(fill);
      continue;
    }
    const [piece, remainder] = cut(fill, left);
    taken.push(piece);
    left -= piece.quantity;
    if (remainder) rest.push(remainder);
  }
  return { taken, rest };
}

const total = (fills: TaxFill[], pick: (f: TaxFill) => bigint | undefined) =>
  fills.reduce((s, f) => s + (pick(f) ?? 0n), 0n);

/** Splits a client's fills into delivery fills (for FIFO) and intraday trades. */
export function splitIntraday(fills: readonly TaxFill[]): {
  delivery: TaxFill[];
  intraday: IntradayTrade[];
} {
  const groups = new Map<string, TaxFill[]>();
  for (const fill of fills) {
    const key = `${fill.symbol}|${fillDay(fill)}`;
    const group = groups.get(key);
    if (group) group.push(fill);
    else groups.set(key, [fill]);
  }
  const delivery: TaxFill[] = [];
  const intraday: IntradayTrade[] = [];
  for (const [key, group] of groups) {
    const ordered = [...group].sort(
      (a, b) => a.executedAt.getTime() - b.executedAt.getTime() || a.id.localeCompare(b.id),
    );
    const buys = ordered.filter((f) => f.side === 'buy');
    const sells = ordered.filter((f) => f.side === 'sell');
    const quantity = Math.min(
      buys.reduce((n, f) => n + f.quantity, 0),
      sells.reduce((n, f) => n + f.quantity, 0),
    );
    if (quantity === 0) {
      delivery.push(...group);
      continue;
    }
    const b = takeFront(buys, quantity);
    const s = takeFront(sells, quantity);
    delivery.push(...b.rest, ...s.rest);
    const pieces = [...b.taken, ...s.taken];
    const buyValue = total(b.taken, (f) => f.valuePaise);
    const sellValue = total(s.taken, (f) => f.valuePaise);
    const charges = total(pieces, (f) => f.chargesPaise);
    intraday.push({
      symbol: key.split('|')[0]!,
      day: key.split('|')[1]!,
      quantity,
      buyValuePaise: buyValue,
      sellValuePaise: sellValue,
      chargesPaise: charges,
      sttPaise: total(pieces, (f) => f.sttPaise),
      resultPaise: sellValue - buyValue - charges,
    });
  }
  return { delivery, intraday: intraday.sort((a, b) => a.day.localeCompare(b.day)) };
}
