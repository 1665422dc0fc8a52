/**
 * The ledger lines of one fill, with no database: a buy pays from its hold (then from cash)
 * the value to trade_settlement (ipo_escrow for an allotment) and the charges, and its last
 * fill returns what is left of the hold; a sell credits the proceeds less charges.
 */
import { formatPaise, type TCharges } from '@sampada/shared';
import {
  type AccountRef,
  clientAccount,
  firmAccount,
  type PostingInput,
  type PostingLine,
} from '../ledger/service.ts';
import type { OrderRow } from './order-row.ts';

/** Charges split by where they go. */
const feesOf = (c: TCharges) =>
  BigInt(c.brokerage_paise + c.exchange_paise + c.sebi_paise + c.dp_paise);
const taxesOf = (c: TCharges) => BigInt(c.stt_paise + c.stamp_paise + c.gst_paise);

/** Lines keyed by account, summed, zero lines dropped. */
function linesOf(entries: [AccountRef, bigint][]): PostingLine[] {
  const byKey = new Map<string, PostingLine>();
  for (const [account, amount] of entries) {
    const key = `${account.clientId ?? ''}|${account.kind}`;
    const line = byKey.get(key);
    if (line) line.amount += amount;
    else byKey.set(key, { account, amount });
  }
  return [...byKey.values()].filter((l) => l.amount !== 0n);
}

export const contractNoteNo = (executedAt: Date, postingId: number) =>
  `CN${executedAt.toISOString().slice(0, 10).replace(/-/g, '')}-${String(postingId).padStart(8, '0')}`;

/** The posting's lines and what stays on hold after the fill (nothing once it is final). */
export function fillPostings(
  order: Pick<OrderRow, 'clientId' | 'type' | 'holdPaise'>,
  fill: { side: 'buy' | 'sell'; value: bigint; charges: TCharges; final: boolean },
): { lines: PostingLine[]; holdAfter: bigint } {
  const { side, value, charges, final } = fill;
  const total = BigInt(charges.total_paise);
  const available = clientAccount(order.clientId, 'cash_available');
  const onHold = clientAccount(order.clientId, 'cash_on_hold');
  const entries: [AccountRef, bigint][] = [
    [firmAccount('fees'), feesOf(charges)],
    [firmAccount('taxes'), taxesOf(charges)],
  ];
  let holdAfter = order.holdPaise;
  if (side === 'buy') {
    const cost = value + total;
    const fromHold = cost < order.holdPaise ? cost : order.holdPaise;
    entries.push([onHold, -fromHold], [available, -(cost - fromHold)]);
    entries.push([firmAccount(order.type === 'ipo' ? 'ipo_escrow' : 'trade_settlement'), value]);
    holdAfter -= fromHold;
    if (final && holdAfter > 0n) entries.push([onHold, -holdAfter], [available, holdAfter]);
    if (final) holdAfter = 0n;
  } else {
    entries.push([firmAccount('trade_settlement'), -value], [available, value - total]);
  }
  return { lines: linesOf(entries), holdAfter };
}

/**
 * The fill's posting as the ledger takes it — kind, memo, reference, a key that one fill of the
 * order can take only once — and what stays on hold after it: for one fill (fill-order.ts) and a
 * batch of them (fill-buys-together.ts) alike.
 */
export function fillPosting(
  order: Pick<
    OrderRow,
    'id' | 'clientId' | 'type' | 'side' | 'symbol' | 'holdPaise' | 'filledQuantity'
  >,
  fill: { quantity: number; pricePaise: bigint; charges: TCharges; final: boolean },
): { input: PostingInput; holdAfter: bigint } {
  const side = order.side as 'buy' | 'sell';
  const { quantity, pricePaise, charges, final } = fill;
  const value = pricePaise * BigInt(quantity);
  const { lines, holdAfter } = fillPostings(order, { side, value, charges, final });
  const input: PostingInput = {
    kind: order.type === 'ipo' ? 'ipo_allotment' : side === 'buy' ? 'trade_buy' : 'trade_sell',
    clientId: order.clientId,
    memo: `${side === 'buy' ? 'Bought' : 'Sold'} ${quantity} ${order.symbol} @ ${formatPaise(pricePaise)}`,
    reference: `order:${order.id}`,
    idempotencyKey: `order:${order.id}:fill:${order.filledQuantity}`,
    lines,
  };
  return { input, holdAfter };
}
