import type { TGtt } from '@sampada/shared';
import { kiteTime } from './wire.ts';

const KITE_STATUS: Record<TGtt['status'], string> = {
  active: 'active',
  triggered: 'triggered',
  cancelled: 'deleted',
  expired: 'expired',
};

export const rupees = (paise: number | bigint) => Number(paise) / 100;

/** Our GTT as Kite's trigger object. */
export function kiteGttOf(
  g: TGtt,
  number: { triggerId: number; appId: string | null },
  userId: string,
  tokenOf: (symbol: string) => number,
) {
  const leg = (l: NonNullable<TGtt['stop']>) => ({
    exchange: 'NSE',
    tradingsymbol: g.symbol,
    product: 'CNC',
    order_type: 'LIMIT',
    transaction_type: g.side === 'buy' ? 'BUY' : 'SELL',
    quantity: g.quantity,
    price: rupees(l.limit_price_paise),
    result:
      l.status === 'fired'
        ? {
            account_id: userId,
            exchange: 'NSE',
            tradingsymbol: g.symbol,
            validity: 'DAY',
            product: 'CNC',
            order_type: 'LIMIT',
            transaction_type: g.side === 'buy' ? 'BUY' : 'SELL',
            quantity: g.quantity,
            price: rupees(l.limit_price_paise),
            meta: JSON.stringify({ app_id: number.appId ?? '', gtt: number.triggerId }),
            timestamp: kiteTime(g.triggered_at),
            triggered_at: rupees(l.trigger_price_paise),
            order_result: {
              status: g.order_id && g.order_status !== 'rejected' ? 'success' : 'failed',
              order_id: g.order_id ?? '',
              rejection_reason: g.reason ?? '',
            },
          }
        : null,
  });
  const legs = g.stop ? [leg(g.stop), leg(g.target)] : [leg(g.target)];
  const triggers = g.stop ? [g.stop, g.target] : [g.target];
  return {
    id: number.triggerId,
    user_id: userId,
    parent_trigger: null,
    type: g.kind === 'oco' ? 'two-leg' : 'single',
    created_at: kiteTime(g.created_at),
    updated_at: kiteTime(g.updated_at),
    expires_at: kiteTime(g.expires_at),
    status: KITE_STATUS[g.status],
    condition: {
      exchange: 'NSE',
      last_price: rupees(g.reference_price_paise),
      tradingsymbol: g.symbol,
      trigger_values: triggers.map((l) => rupees(l.trigger_price_paise)),
      instrument_token: tokenOf(g.symbol),
    },
    orders: legs,
    meta: g.status === 'active' ? {} : null,
  };
}
