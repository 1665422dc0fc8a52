/**
 * The account on the Kite Connect v3 wire: the user's profile, margins (cash in the equity
 * segment; no commodity), holdings (pledged shares as collateral) and today's positions, which
 * for delivery-only trading are today's fills by symbol.
 */
import { paiseNumber, type THolding, type TOrder } from '@sampada/shared';
import type { ClientRow } from '../clients/service.ts';
import type { KiteMarket } from './kite-market.ts';

export type Balances = { cash_available: bigint; cash_on_hold: bigint };

const rupees = (paise: number) => paise / 100;

export function kiteProfile(client: ClientRow) {
  const name = client.name ?? '';
  return {
    user_id: client.uid,
    user_type: 'individual',
    email: '',
    user_name: name,
    user_shortname: name.split(' ')[0] ?? '',
    broker: 'SAMPADA',
    exchanges: ['NSE'],
    products: ['CNC'],
    order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
    avatar_url: null,
    meta: { demat_consent: 'physical' },
  };
}

const zeroSegment = () => ({
  enabled: false,
  net: 0,
  available: {
    adhoc_margin: 0,
    cash: 0,
    opening_balance: 0,
    live_balance: 0,
    collateral: 0,
    intraday_payin: 0,
  },
  utilised: {
    debits: 0,
    exposure: 0,
    m2m_realised: 0,
    m2m_unrealised: 0,
    option_premium: 0,
    payout: 0,
    span: 0,
    holding_sales: 0,
    turnover: 0,
    liquid_collateral: 0,
    stock_collateral: 0,
    delivery: 0,
  },
});

/** Equity: cash available is `net`; cash held for waiting buys is utilised (debits). */
export function kiteMargins(balances: Balances) {
  const available = rupees(paiseNumber(balances.cash_available));
  const held = rupees(paiseNumber(balances.cash_on_hold));
  const equity = zeroSegment();
  equity.enabled = true;
  equity.net = available;
  equity.available.cash = available + held;
  equity.available.opening_balance = available + held;
  equity.available.live_balance = available;
  equity.utilised.debits = held;
  return { equity, commodity: zeroSegment() };
}

export function kiteHolding(h: THolding, market: KiteMarket, isin: string | null) {
  const free = h.quantity - h.reserved - h.pledged;
  return {
    tradingsymbol: h.symbol,
    exchange: 'NSE',
    instrument_token: market.tokenOf(h.symbol),
    isin: isin ?? '',
    product: 'CNC',
    price: 0,
    quantity: h.quantity - h.pledged,
    used_quantity: h.reserved,
    t1_quantity: 0,
    realised_quantity: h.quantity - h.pledged,
    // No separate authorisation is needed to sell what we hold: all that is free to sell.
    authorised_quantity: free,
    authorised_date: '',
    opening_quantity: h.quantity,
    collateral_quantity: h.pledged,
    collateral_type: h.pledged > 0 ? 'pledged' : '',
    discrepancy: false,
    average_price: rupees(h.average_cost_paise),
    last_price: rupees(h.price_paise),
    close_price: rupees(h.prev_close_paise),
    pnl: rupees(h.unrealised_pnl_paise),
    day_change: rupees(h.price_paise - h.prev_close_paise),
    day_change_percentage: h.prev_close_paise
      ? Math.round(((h.price_paise - h.prev_close_paise) / h.prev_close_paise) * 10_000) / 100
      : 0,
  };
}

/** Today's fills by symbol, as Kite's positions (delivery: net and day are the same). */
export function kitePositions(todays: TOrder[], market: KiteMarket, lastOf: (s: string) => number) {
  const bySymbol = new Map<string, { buyQ: number; buyV: number; sellQ: number; sellV: number }>();
  for (const order of todays) {
    for (const fill of order.fills) {
      const p = bySymbol.get(order.symbol) ?? { buyQ: 0, buyV: 0, sellQ: 0, sellV: 0 };
      if (order.side === 'buy') {
        p.buyQ += fill.quantity;
        p.buyV += fill.value_paise;
      } else {
        p.sellQ += fill.quantity;
        p.sellV += fill.value_paise;
      }
      bySymbol.set(order.symbol, p);
    }
  }
  const day = [...bySymbol].map(([symbol, p]) => {
    const quantity = p.buyQ - p.sellQ;
    const last = lastOf(symbol);
    const value = p.sellV - p.buyV;
    const pnl = rupees(value + quantity * last);
    return {
      tradingsymbol: symbol,
      exchange: 'NSE',
      instrument_token: market.tokenOf(symbol),
      product: 'CNC',
      quantity,
      overnight_quantity: 0,
      multiplier: 1,
      average_price:
        quantity > 0 ? rupees(p.buyV / p.buyQ) : p.sellQ ? rupees(p.sellV / p.sellQ) : 0,
      close_price: 0,
      last_price: rupees(last),
      value: rupees(value),
      pnl,
      m2m: pnl,
      unrealised: pnl,
      realised: 0,
      buy_quantity: p.buyQ,
      buy_price: p.buyQ ? rupees(p.buyV / p.buyQ) : 0,
      buy_value: rupees(p.buyV),
      buy_m2m: rupees(p.buyV),
      sell_quantity: p.sellQ,
      sell_price: p.sellQ ? rupees(p.sellV / p.sellQ) : 0,
      sell_value: rupees(p.sellV),
      sell_m2m: rupees(p.sellV),
      day_buy_quantity: p.buyQ,
      day_buy_price: p.buyQ ? rupees(p.buyV / p.buyQ) : 0,
      day_buy_value: rupees(p.buyV),
      day_sell_quantity: p.sellQ,
      day_sell_price: p.sellQ ? rupees(p.sellV / p.sellQ) : 0,
      day_sell_value: rupees(p.sellV),
    };
  });
  return { net: day, day };
}
