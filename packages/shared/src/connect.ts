/**
 * API apps for programs that speak the Kite Connect v3 wire (issue 35, docs/api-connect.md):
 * what a client sends to create one, and what they see of it.
 */
import { z } from 'zod';
import { readRupees } from './money.ts';
import { ZTotpCode } from './client-security.ts';
import { ZPinRequest } from './schemas.ts';
import { MAX_ORDER_QUANTITY, TM } from './trading.ts';

export const ConnectMessage = {
  nameRequired: 'Give the app a name.',
  nameTooLong: 'The name can be at most 60 characters.',
  urlInvalid: 'Enter a full http:// or https:// address.',
  ipsRequired: 'Give between 1 and 5 IP addresses the app will call from.',
  ipInvalid: 'Enter IPv4 or IPv6 addresses only.',
  appNotFound: 'No such API app.',
  appLimit: 'You can have at most 5 API apps.',
  apiOff: 'The trading API is switched off.',
  appDisabled: 'This API app is disabled.',
  ipNotAllowed: 'Requests from this IP address are not allowed for this app.',
  tokenInvalid: 'Incorrect `api_key` or `access_token`.',
  requestTokenInvalid: 'Token is invalid or has expired.',
  checksumInvalid: 'Invalid `checksum`.',
  loginExpired: 'This sign-in has expired. Start again from your app.',
  enrolFirst:
    'Your broker requires two-factor authentication. Turn it on in the Sampada app (Me › Security), then sign in here again.',
  notOffered: (what: string) => `${what} is not offered.`,
  tooMany: 'Too many requests',
  triggerNotFound: 'Invalid trigger ID.',
} as const;

/** The most apps one client may keep. */
export const CONNECT_APPS_MAX = 5;

const url = z
  .string({ error: ConnectMessage.urlInvalid })
  .trim()
  .max(500, ConnectMessage.urlInvalid)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      return false;
    }
  }, ConnectMessage.urlInvalid);

// The message on each branch too: a form's resolver reports a union by its first branch's.
const ipError = { error: ConnectMessage.ipInvalid };
const ip = z.union([z.ipv4(ipError), z.ipv6(ipError)], ipError);

/** An app's settings: name, redirect URL, optional postback URL, 1–5 allowed addresses. */
export const ZApiAppSettings = z.object({
  name: z
    .string({ error: ConnectMessage.nameRequired })
    .trim()
    .min(1, ConnectMessage.nameRequired)
    .max(60, ConnectMessage.nameTooLong),
  redirect_url: url,
  postback_url: url.nullish(),
  allowed_ips: z
    .array(ip, { error: ConnectMessage.ipsRequired })
    .min(1, ConnectMessage.ipsRequired)
    .max(5, ConnectMessage.ipsRequired),
});
export type TApiAppSettings = z.infer<typeof ZApiAppSettings>;

/**
 * Creating an app or rotating its secret asks for the client's second factor: `totp_code` (a
 * TOTP or a recovery code) when their two-step verification is on, else the trading PIN. Both
 * are optional here because which one is owed is the server's to decide per client.
 */
export const ZApiAppSecondFactor = z.object({
  pin: ZPinRequest.shape.pin.optional(),
  totp_code: ZTotpCode.optional(),
});
export type TApiAppSecondFactor = z.infer<typeof ZApiAppSecondFactor>;

export const ZApiAppCreate = ZApiAppSettings.extend(ZApiAppSecondFactor.shape);

export const ZApiApp = z.object({
  id: z.string(),
  api_key: z.string(),
  name: z.string(),
  redirect_url: z.string(),
  postback_url: z.string().nullable(),
  allowed_ips: z.array(z.string()),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type TApiApp = z.infer<typeof ZApiApp>;

/** The answer to creating an app or rotating its secret: the only time the secret is shown. */
export const ZApiAppWithSecret = ZApiApp.extend({ api_secret: z.string() });
export type TApiAppWithSecret = z.infer<typeof ZApiAppWithSecret>;

// ---------- An app's postback delivery log (Me › Developer apps) ----------

export const CONNECT_POSTBACK_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export const CONNECT_POSTBACKS_PAGE_DEFAULT = 20;
export const CONNECT_POSTBACKS_PAGE_MAX = 100;

/** At most this many orders are asked about at once (a screen of the order lists). */
export const API_APP_ORDERS_MAX = 100;

/** Which of the client's orders their API apps placed: `?ids=<uuid>,<uuid>…`. */
export const ZApiAppOrdersQuery = z.object({
  ids: z
    .string()
    .max(API_APP_ORDERS_MAX * 37)
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(
      z
        .array(z.uuid({ error: 'Order ids must be UUIDs.' }))
        .max(API_APP_ORDERS_MAX, { error: `At most ${API_APP_ORDERS_MAX} orders at once.` }),
    ),
});

/** An order an API app placed for the client: the app's name and the order's tag. */
export const ZApiAppOrder = z.object({
  order_id: z.string(),
  app_id: z.string(),
  app_name: z.string(),
  tag: z.string().nullable(),
});
export type TApiAppOrder = z.infer<typeof ZApiAppOrder>;

/** Newest first, by an opaque cursor the previous page answered. */
export const ZApiAppPostbacksQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONNECT_POSTBACKS_PAGE_MAX)
    .default(CONNECT_POSTBACKS_PAGE_DEFAULT),
});

/**
 * One order event POSTed to the app's postback URL: the order's status on the wire (OPEN,
 * COMPLETE, CANCELLED, REJECTED…) and filled quantity then, and how the delivery went.
 */
export const ZApiAppPostback = z.object({
  id: z.string(),
  order_id: z.string(),
  /** Null once the order is no longer found (it never is removed; kept for safety). */
  tradingsymbol: z.string().nullable(),
  order_status: z.string(),
  filled_quantity: z.number().nullable(),
  status: z.enum(CONNECT_POSTBACK_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type TApiAppPostback = z.infer<typeof ZApiAppPostback>;

export const ZApiAppPostbacksPage = z.object({
  items: z.array(ZApiAppPostback),
  next_cursor: z.string().nullable(),
});
export type TApiAppPostbacksPage = z.infer<typeof ZApiAppPostbacksPage>;

// ---------- Orders on the Kite Connect v3 wire (form fields, as strings) ----------

/** A price field: "0", empty or absent mean none (market orders send price=0). */
const kitePrice = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '' || Number(value) === 0) return undefined;
    const read = readRupees(value, { maxPaise: 99_999_999_999n });
    if (read.ok) return read.paise;
    ctx.addIssue({ code: 'custom', message: TM.priceInvalid });
    return z.NEVER;
  });

const kiteQuantity = z.coerce
  .number({ error: 'Invalid `quantity`.' })
  .int('Invalid `quantity`.')
  .min(1, 'Invalid `quantity`.')
  .max(MAX_ORDER_QUANTITY, 'Invalid `quantity`.');

export const KITE_ORDER_TYPES = ['MARKET', 'LIMIT', 'SL', 'SL-M'] as const;

export const ZKiteOrder = z.object({
  exchange: z.string({ error: 'Missing `exchange`.' }).trim().toUpperCase(),
  tradingsymbol: z
    .string({ error: 'Missing `tradingsymbol`.' })
    .trim()
    .min(1, 'Missing `tradingsymbol`.')
    .max(40, 'Invalid `tradingsymbol`.'),
  transaction_type: z.enum(['BUY', 'SELL'], { error: 'Invalid `transaction_type`.' }),
  order_type: z.enum(KITE_ORDER_TYPES, { error: 'Invalid `order_type`.' }),
  quantity: kiteQuantity,
  product: z.string({ error: 'Missing `product`.' }).trim().toUpperCase(),
  price: kitePrice,
  trigger_price: kitePrice,
  validity: z.string().trim().toUpperCase().default('DAY'),
  disclosed_quantity: z.coerce.number().int().min(0).optional(),
  tag: z.string().max(20, 'Tag can be at most 20 characters.').optional(),
});
export type TKiteOrder = z.output<typeof ZKiteOrder>;

/**
 * An order as the order margins calculator takes it (JSON): an order as placed, with its
 * variety, and without validity or tag.
 */
export const ZKiteMarginOrder = ZKiteOrder.pick({
  exchange: true,
  tradingsymbol: true,
  transaction_type: true,
  order_type: true,
  quantity: true,
  product: true,
  price: true,
  trigger_price: true,
}).extend({ variety: z.string().trim().toLowerCase().default('regular') });
export type TKiteMarginOrder = z.output<typeof ZKiteMarginOrder>;

export const ZKiteModify = z.object({
  quantity: kiteQuantity.optional(),
  price: kitePrice,
  trigger_price: kitePrice,
  order_type: z.enum(KITE_ORDER_TYPES, { error: 'Invalid `order_type`.' }).optional(),
  validity: z.string().trim().toUpperCase().optional(),
});
export type TKiteModify = z.output<typeof ZKiteModify>;

// ---------- GTT triggers on the Kite Connect v3 wire ----------

/** A form field that carries JSON (Kite's clients send `condition` and `orders` so). */
const jsonField = <T extends z.ZodType>(name: string, schema: T) =>
  z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `Invalid \`${name}\`.` });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A rupee amount in a GTT's JSON (a number or a numeric string) as paise. */
const gttPrice = (name: string) =>
  z.union([z.string(), z.number()], { error: `Invalid \`${name}\`.` }).transform((v, ctx) => {
    const read = readRupees(v, { maxPaise: 99_999_999_999n });
    if (read.ok) return read.paise;
    ctx.addIssue({ code: 'custom', message: `Invalid \`${name}\`.` });
    return z.NEVER;
  });

const ZKiteGttCondition = z.object(
  {
    exchange: z.string({ error: 'Invalid `condition`.' }).trim().toUpperCase(),
    tradingsymbol: z.string({ error: 'Invalid `condition`.' }).trim().min(1).max(40),
    trigger_values: z
      .array(gttPrice('trigger_values'), { error: 'Invalid `trigger_values`.' })
      .min(1, 'Invalid `trigger_values`.')
      .max(2, 'Invalid `trigger_values`.'),
    last_price: z.union([z.number(), z.string()]).optional(),
  },
  { error: 'Invalid `condition`.' },
);

const ZKiteGttOrder = z.object(
  {
    exchange: z.string().trim().toUpperCase().optional(),
    tradingsymbol: z.string().trim().optional(),
    transaction_type: z.enum(['BUY', 'SELL'], { error: 'Invalid `transaction_type`.' }),
    quantity: kiteQuantity,
    order_type: z.string({ error: 'Invalid `order_type`.' }).trim().toUpperCase(),
    product: z.string({ error: 'Invalid `product`.' }).trim().toUpperCase(),
    price: gttPrice('price'),
  },
  { error: 'Invalid `orders`.' },
);

/** A GTT as Kite's clients post it: `type`, and `condition` and `orders` as JSON text. */
export const ZKiteGtt = z.object({
  type: z.enum(['single', 'two-leg'], { error: 'Invalid `type`.' }),
  condition: jsonField('condition', ZKiteGttCondition),
  orders: jsonField(
    'orders',
    z
      .array(ZKiteGttOrder, { error: 'Invalid `orders`.' })
      .min(1, 'Invalid `orders`.')
      .max(2, 'Invalid `orders`.'),
  ),
});
export type TKiteGtt = z.output<typeof ZKiteGtt>;

// ---------- Staff: a client's API apps ----------

/** Staff switch a client's app off (or back on); every request of a disabled app is refused. */
export const ZApiAppDisable = z.object({
  disabled: z.boolean({ error: 'Say whether the app is disabled (true or false).' }),
});
export const CONNECT_CONSOLE_DONE = {
  changed: 'The API app is updated; a disabled app’s programs are refused from now on.',
} as const;
