/**
 * API apps for programs that speak the Kite Connect v3 wire (issue 35, docs/api-connect.md):
 * what a client sends to create one, and what they see of it.
 */
import { z } from 'zod';
import { readRupees } from './money.ts';
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
  notOffered: (what: string) => `${what} is not offered.`,
  tooMany: 'Too many requests',
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

const ip = z.union([z.ipv4(), z.ipv6()], { error: ConnectMessage.ipInvalid });

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

/** Creating an app asks for the trading PIN (the second factor). */
export const ZApiAppCreate = ZApiAppSettings.extend(ZPinRequest.shape);

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

export const ZKiteModify = z.object({
  quantity: kiteQuantity.optional(),
  price: kitePrice,
  trigger_price: kitePrice,
  order_type: z.enum(KITE_ORDER_TYPES, { error: 'Invalid `order_type`.' }).optional(),
  validity: z.string().trim().toUpperCase().optional(),
});
export type TKiteModify = z.output<typeof ZKiteModify>;
