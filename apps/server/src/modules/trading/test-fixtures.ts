/** Trading test fixtures: funded clients, offerings published through the console API. */
import {
  paiseToRupeeText,
  percentOf,
  type TGtt,
  type TDeskOrder,
  type TInstitutionalOffering,
  type TIpoIssue,
  type TOrder,
  type TOrderRequest,
  type TOtcQuote,
} from '@sampada/shared';
import { buildTestApp, type SignedInStaff, type TestApp } from '../../test/helpers.ts';
import {
  fund,
  keyed,
  type MoneyClient,
  moneyClient,
  openDeposits,
} from '../funds/test-fixtures.ts';
import { tickOf } from '../market/service.ts';

export const CONSOLE = '/console/api/v1/trading';

/** A KYC-approved client with a PIN and `rupees` deposited. */
export async function trader(t: TestApp, rupees: number | string = 500_000): Promise<MoneyClient> {
  const client = await moneyClient(t);
  if (Number(rupees) > 0) await fund(t, client, rupees);
  return client;
}

type Body = TOrderRequest extends infer R ? (R extends unknown ? Omit<R, 'pin'> : never) : never;

export function placeOrder(t: TestApp, client: MoneyClient, body: Body, key?: string) {
  return t.api.post<TOrder>(
    '/trade/app/v1/orders',
    { ...body, pin: client.pin },
    client.token,
    keyed(key),
  );
}

export async function placed(t: TestApp, client: MoneyClient, body: Body): Promise<TOrder> {
  const reply = await placeOrder(t, client, body);
  if (reply.status !== 200) throw new Error(`order refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

/** Half-second engine steps, each followed by a matching pass, until `done` or `max` steps. */
export async function runMarket(
  t: TestApp,
  max: number,
  done: () => Promise<boolean> = async () => false,
) {
  for (let i = 0; i < max; i++) {
    t.clock.advance(500);
    t.ctx.market.engine.step();
    await t.ctx.trading.matcher.match();
    if (await done()) return i + 1;
  }
  return max;
}

/**
 * The trading suites' app: the market open at any hour, deposits confirmable, and four prints
 * made, so every listed stock has a fresh quote before the first order.
 */
export async function openMarketApp(): Promise<TestApp> {
  const t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  await runMarket(t, 4);
  return t;
}

export const orderOf = async (t: TestApp, client: MoneyClient, id: string) =>
  (await t.api.get<TOrder>(`/trade/app/v1/orders/${id}`, client.token)).body.data;

/** Steps the market until the order leaves awaiting (or 400 steps pass). */
export async function untilSettled(t: TestApp, client: MoneyClient, id: string) {
  await runMarket(t, 400, async () => (await orderOf(t, client, id)).status !== 'awaiting');
  return orderOf(t, client, id);
}

const hours = (t: TestApp, h: number) =>
  new Date(t.clock.now().getTime() + h * 3_600_000).toISOString();

export async function publishAllocation(
  t: TestApp,
  ops: SignedInStaff,
  input: { symbol: string; price: string; quantity: number },
): Promise<TInstitutionalOffering> {
  const reply = await t.api.post<TInstitutionalOffering>(
    `${CONSOLE}/allocations`,
    { ...input, opens_at: hours(t, -1), closes_at: hours(t, 24) },
    ops.token,
  );
  if (reply.status !== 200) throw new Error(`allocation refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

/** An OTC quote at the live price (inside ±3% by construction). */
export async function publishQuote(
  t: TestApp,
  ops: SignedInStaff,
  input: { symbol: string; side: 'buy' | 'sell'; quantity: number; validHours?: number },
): Promise<TOtcQuote> {
  const price = paiseToRupeeText(t.ctx.market.engine.state(input.symbol)!.last);
  const reply = await t.api.post<TOtcQuote>(
    `${CONSOLE}/otc-quotes`,
    {
      symbol: input.symbol,
      side: input.side,
      price,
      quantity: input.quantity,
      valid_until: hours(t, input.validHours ?? 2),
    },
    ops.token,
  );
  if (reply.status !== 200) throw new Error(`quote refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

export const istToday = (t: TestApp) =>
  new Date(t.clock.now().getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

export async function publishIpo(
  t: TestApp,
  ops: SignedInStaff,
  input: Partial<{
    symbol: string;
    price_low: string;
    price_high: string;
    lot_size: number;
    shares_offered: number;
    listing_date: string;
  }> = {},
): Promise<TIpoIssue> {
  const today = istToday(t);
  const reply = await t.api.post<TIpoIssue>(
    `${CONSOLE}/ipos`,
    {
      symbol: input.symbol ?? 'NEWCO',
      name: 'Newco Technologies Ltd',
      sector: 'Information Technology',
      industry: 'IT Services',
      price_low: input.price_low ?? '95',
      price_high: input.price_high ?? '100',
      lot_size: input.lot_size ?? 200,
      shares_offered: input.shares_offered ?? 2000,
      open_date: today,
      close_date: today,
      ...(input.listing_date ? { listing_date: input.listing_date } : {}),
      description: 'A software services company listing through its IPO.',
    },
    ops.token,
  );
  if (reply.status !== 200) throw new Error(`IPO refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

export async function desk(
  t: TestApp,
  ops: SignedInStaff,
  orderId: string,
  action: 'allocate' | 'confirm' | 'reject',
  body?: object,
) {
  return t.api.post<TDeskOrder>(
    `${CONSOLE}/orders/${orderId}/${action}`,
    body ?? {},
    ops.token,
    keyed(),
  );
}

// ---------- GTT ----------

/** `pct` percent of the last price of `symbol`, on the tick. */
export function near(t: TestApp, symbol: string, pct: number): number {
  const state = t.ctx.market.engine.state(symbol)!;
  const tick = tickOf(state);
  return Math.round(Number(percentOf(BigInt(state.last), pct)) / tick) * tick;
}

/**
 * A print of `symbol` at `paise`, as the feed would make it (half a second later), then one
 * matcher pass over the symbol.
 */
export async function printAt(t: TestApp, symbol: string, paise: number) {
  t.clock.advance(500);
  const state = t.ctx.market.engine.state(symbol)!;
  state.last = paise;
  state.updatedAt = t.clock.now();
  await t.ctx.trading.matcher.match([symbol]);
}

type GttBody = {
  kind: 'single' | 'oco';
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  trigger: number;
  limit: number;
  stopTrigger?: number;
  stopLimit?: number;
};

export const gttRequest = (b: GttBody) => ({
  kind: b.kind,
  symbol: b.symbol,
  side: b.side,
  quantity: b.quantity,
  trigger_price: paiseToRupeeText(b.trigger),
  limit_price: paiseToRupeeText(b.limit),
  ...(b.stopTrigger !== undefined
    ? {
        stop_trigger_price: paiseToRupeeText(b.stopTrigger),
        stop_limit_price: paiseToRupeeText(b.stopLimit!),
      }
    : {}),
});

export const createGtt = (t: TestApp, c: MoneyClient, b: GttBody) =>
  t.api.post<TGtt>('/trade/app/v1/gtts', { ...gttRequest(b), pin: c.pin }, c.token, keyed());

export async function gttSet(t: TestApp, c: MoneyClient, b: GttBody): Promise<TGtt> {
  const reply = await createGtt(t, c, b);
  if (reply.status !== 200) throw new Error(`GTT refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

export const gttOf = async (t: TestApp, c: MoneyClient, id: string) =>
  (await t.api.get<TGtt>(`/trade/app/v1/gtts/${id}`, c.token)).body.data;

export async function deleteGtt(t: TestApp, c: MoneyClient, id: string) {
  const response = await t.api.raw(`/trade/app/v1/gtts/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${c.token}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data: TGtt },
  };
}
