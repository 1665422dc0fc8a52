/** When a waiting market, limit or stop order fills against a print, and at what price. */
import type { OrderRow } from './order-row.ts';

type Waiting = Pick<OrderRow, 'type' | 'side' | 'pricePaise'> &
  Partial<Pick<OrderRow, 'triggerPaise' | 'triggeredAt'>>;

const isStop = (type: string) => type === 'sl' || type === 'sl_m';

/** Whether a print crosses a stop's trigger: a buy stop at or over it, a sell stop at or under. */
export function stopCrossed(order: Waiting, lastPaise: bigint): boolean {
  if (!isStop(order.type) || order.triggerPaise == null) return false;
  return order.side === 'buy' ? lastPaise >= order.triggerPaise : lastPaise <= order.triggerPaise;
}

/**
 * The price a waiting order would fill at now, or null while it must wait. A stop waits for
 * its trigger (crossed before, or by this print), then trades as a limit (SL) or market (SL-M).
 */
export function executablePrice(order: Waiting, lastPaise: bigint): bigint | null {
  let type = order.type;
  if (isStop(type)) {
    if (!order.triggeredAt && !stopCrossed(order, lastPaise)) return null;
    type = type === 'sl' ? 'limit' : 'market';
  }
  if (type === 'market') return lastPaise;
  if (type !== 'limit' || order.pricePaise === null) return null;
  if (order.side === 'buy') return lastPaise <= order.pricePaise ? lastPaise : null;
  return lastPaise >= order.pricePaise ? lastPaise : null;
}
