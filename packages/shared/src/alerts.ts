/**
 * Price alerts (issue 20): a client asks to hear when a stock's last price goes at or above,
 * or at or below, a price. The feed fires each alert once; the client hears it as a toast
 * over the quotes WebSocket and finds it afterwards in the notifications list.
 */
import { z } from 'zod';
import { formatPaise } from './money.ts';
import { rupeePrice } from './trading.ts';

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type TAlertDirection = (typeof ALERT_DIRECTIONS)[number];
export const ALERT_STATUSES = ['active', 'triggered', 'cancelled'] as const;
export type TAlertStatus = (typeof ALERT_STATUSES)[number];
/** Active alerts a client may keep at once. */
export const ALERTS_ACTIVE_MAX = 20;

export const AlertMessage = {
  symbolRequired: 'Choose a stock.',
  symbolUnknown: 'Unknown symbol.',
  notAStock: 'Alerts can be set on stocks only.',
  directionInvalid: 'Choose above or below.',
  priceRequired: 'Enter the alert price.',
  tooMany: `You can keep at most ${ALERTS_ACTIVE_MAX} active alerts.`,
  notFound: 'Alert not found.',
  notActive: 'This alert is no longer active.',
  alreadyAbove: (last: bigint) =>
    `The price is already at or above ${formatPaise(last)}: choose a higher price.`,
  alreadyBelow: (last: bigint) =>
    `The price is already at or below ${formatPaise(last)}: choose a lower price.`,
  /** The toast and notification text when an alert fires. */
  fired: (symbol: string, direction: TAlertDirection, target: bigint, price: bigint) =>
    `${symbol} is ${direction === 'above' ? 'at or above' : 'at or below'} ${formatPaise(target)}: last price ${formatPaise(price)}.`,
} as const;

export const ZPriceAlertRequest = z.object({
  symbol: z
    .string({ error: AlertMessage.symbolRequired })
    .trim()
    .min(1, AlertMessage.symbolRequired)
    .max(32, AlertMessage.symbolUnknown)
    .transform((v) => v.toUpperCase()),
  direction: z.enum(ALERT_DIRECTIONS, { error: AlertMessage.directionInvalid }),
  /** Rupee text, at most 2 decimals, as every typed price (decision 011). */
  price: rupeePrice(AlertMessage.priceRequired),
});
export type TPriceAlertRequest = z.input<typeof ZPriceAlertRequest>;

export const ZAlertListQuery = z.object({
  status: z.enum(ALERT_STATUSES).optional(),
});

export const ZPriceAlert = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  price_paise: z.number().int(),
  status: z.enum(ALERT_STATUSES),
  created_at: z.string(),
  triggered_at: z.string().nullable(),
  /** The last price that fired it. */
  triggered_price_paise: z.number().int().nullable(),
  /** When the client saw it in the notifications list; null while unread. */
  read_at: z.string().nullable(),
  /** The notification's text once fired (AlertMessage.fired). */
  message: z.string().nullable(),
});
export type TPriceAlert = z.infer<typeof ZPriceAlert>;
export const ZPriceAlerts = z.array(ZPriceAlert);

export const ZNotifications = z.object({
  items: z.array(ZPriceAlert),
  unread: z.number().int(),
});
export type TNotifications = z.infer<typeof ZNotifications>;
