/** GTT test fixtures: prints at a chosen price, and GTTs set over the client API. */
import { paiseToRupeeText, type TGtt } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { keyed, type MoneyClient } from '../funds/test-fixtures.ts';
import { tickOf } from '../market/service.ts';

/** `pct` percent of the last price of `symbol`, on the tick. */
export function near(t: TestApp, symbol: string, pct: number): number {
  const state = t.ctx.market.engine.state(symbol)!;
  const tick = tickOf(state);
  return Math.round((state.last * pct) / 100 / tick) * tick;
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
