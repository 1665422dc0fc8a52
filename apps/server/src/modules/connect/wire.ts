/**
 * The wire of Kite Connect v3 clients, as pure rules: error types and their HTTP codes, the
 * session checksum, the access token's daily expiry, timestamps, and how our orders, statuses
 * and types read on that wire. Nothing here touches the database or HTTP.
 */
import { createHash } from 'node:crypto';
import type { TOrder } from '@sampada/shared';
import { istTime, nextIstHour } from '../../platform/ist.ts';

export type KiteErrorType =
  | 'TokenException'
  | 'PermissionException'
  | 'InputException'
  | 'OrderException'
  | 'MarginException'
  | 'HoldingException'
  | 'NetworkException'
  | 'DataException'
  | 'GeneralException';

/** An error that names its Kite error type; its HTTP status is the type's. */
export class KiteError extends Error {
  constructor(
    readonly errorType: KiteErrorType,
    message: string,
    readonly status: number = STATUS_OF[errorType],
  ) {
    super(message);
  }
}

const STATUS_OF: Record<KiteErrorType, number> = {
  TokenException: 403,
  PermissionException: 403,
  InputException: 400,
  OrderException: 400,
  MarginException: 400,
  HoldingException: 400,
  NetworkException: 503,
  DataException: 502,
  GeneralException: 500,
};

/**
 * The Kite error type of one of our errors (status and message): input 400, sessions 401/403,
 * order-state conflicts, short cash (margin) and short shares (holding) by their messages.
 */
export function kiteErrorOf(
  status: number,
  message: string,
  refusals: { cash: string; holding: string },
): { status: number; errorType: KiteErrorType } {
  if (status === 401) return { status: 403, errorType: 'TokenException' };
  if (status === 403) return { status: 403, errorType: 'PermissionException' };
  if (status === 429) return { status: 429, errorType: 'NetworkException' };
  if (status === 409) return { status: 400, errorType: 'OrderException' };
  if (status === 404) return { status: 404, errorType: 'GeneralException' };
  if (status === 400 && message === refusals.cash)
    return { status: 400, errorType: 'MarginException' };
  if (status === 400 && message === refusals.holding)
    return { status: 400, errorType: 'HoldingException' };
  if (status >= 400 && status < 500) return { status, errorType: 'InputException' };
  if (status === 503) return { status: 503, errorType: 'NetworkException' };
  return { status: 500, errorType: 'GeneralException' };
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The session checksum: SHA-256 of api_key + request_token + api_secret, in hex. */
export const sessionChecksum = (apiKey: string, requestToken: string, apiSecret: string) =>
  sha256Hex(apiKey + requestToken + apiSecret);

/** A postback's checksum: SHA-256 of order_id + order_timestamp + api_secret, in hex. */
export const postbackChecksum = (orderId: string, orderTimestamp: string, apiSecret: string) =>
  sha256Hex(orderId + orderTimestamp + apiSecret);

/** Access tokens end at the next 06:00 IST (the exchanges' daily logout). */
export const accessTokenExpiry = (now: Date) => nextIstHour(now, 6);

/** Kite's timestamps: IST wall clock, `YYYY-MM-DD HH:MM:SS` (19 characters, no zone). */
export const kiteTime = (instant: Date | string | null) =>
  instant === null ? null : istTime(typeof instant === 'string' ? new Date(instant) : instant);

export const ORDER_TYPE_TO_KITE = {
  market: 'MARKET',
  limit: 'LIMIT',
  sl: 'SL',
  sl_m: 'SL-M',
} as const;
export type KiteOrderType = (typeof ORDER_TYPE_TO_KITE)[keyof typeof ORDER_TYPE_TO_KITE];
export const KITE_TO_ORDER_TYPE: Record<KiteOrderType, keyof typeof ORDER_TYPE_TO_KITE> = {
  MARKET: 'market',
  LIMIT: 'limit',
  SL: 'sl',
  'SL-M': 'sl_m',
};

/**
 * An order's Kite status: waiting stops are TRIGGER PENDING, other waiting orders OPEN; a
 * partial fill ended with its rest released, and an expiry, read as CANCELLED (Kite's own
 * end of an unfilled DAY order).
 */
export function kiteStatusOf(order: Pick<TOrder, 'status' | 'type' | 'triggered_at'>) {
  switch (order.status) {
    case 'awaiting':
      return (order.type === 'sl' || order.type === 'sl_m') && !order.triggered_at
        ? 'TRIGGER PENDING'
        : 'OPEN';
    case 'filled':
      return 'COMPLETE';
    case 'rejected':
      return 'REJECTED';
    default:
      return 'CANCELLED';
  }
}

const rupees = (paise: number | null) => (paise === null ? 0 : paise / 100);

/** Our order as Kite's order object. */
export function kiteOrderOf(
  order: TOrder,
  extra: { instrumentToken: number; tag: string | null; userId: string; appId: string | null },
) {
  const status = kiteStatusOf(order);
  const done = order.status !== 'awaiting';
  const type = order.type in ORDER_TYPE_TO_KITE ? ORDER_TYPE_TO_KITE[order.type as 'market'] : null;
  return {
    order_id: order.id,
    parent_order_id: null,
    exchange_order_id:
      order.status === 'rejected' ? null : order.id.replaceAll('-', '').slice(0, 16),
    placed_by: extra.userId,
    variety: 'regular',
    status,
    tradingsymbol: order.symbol,
    exchange: 'NSE',
    instrument_token: extra.instrumentToken,
    transaction_type: order.side === 'buy' ? 'BUY' : 'SELL',
    order_type: type ?? 'LIMIT',
    product: 'CNC',
    validity: 'DAY',
    price: rupees(order.price_paise),
    quantity: order.quantity,
    trigger_price: rupees(order.trigger_price_paise),
    average_price: rupees(order.average_price_paise),
    pending_quantity: done ? 0 : order.quantity - order.filled_quantity,
    filled_quantity: order.filled_quantity,
    disclosed_quantity: 0,
    cancelled_quantity: done && status !== 'REJECTED' ? order.quantity - order.filled_quantity : 0,
    market_protection: 0,
    order_timestamp: kiteTime(order.updated_at),
    exchange_timestamp: order.status === 'rejected' ? null : kiteTime(order.created_at),
    exchange_update_timestamp: kiteTime(order.updated_at),
    status_message: order.reason,
    status_message_raw: order.reason,
    tag: extra.tag,
    tags: extra.tag ? [extra.tag] : [],
    guid: extra.appId,
    meta: {},
  };
}

/** One fill of an order as Kite's trade object. */
export function kiteTradesOf(order: TOrder, instrumentToken: number) {
  return order.fills.map((fill) => ({
    trade_id: fill.id,
    order_id: order.id,
    exchange_order_id: order.id.replaceAll('-', '').slice(0, 16),
    tradingsymbol: order.symbol,
    exchange: 'NSE',
    instrument_token: instrumentToken,
    transaction_type: order.side === 'buy' ? 'BUY' : 'SELL',
    product: 'CNC',
    average_price: fill.price_paise / 100,
    quantity: fill.quantity,
    fill_timestamp: kiteTime(fill.executed_at),
    order_timestamp: kiteTime(fill.executed_at),
    exchange_timestamp: kiteTime(fill.executed_at),
  }));
}
