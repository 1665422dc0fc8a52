/** The checks of a client's GTT as set or edited: the client, the stock, the prices, the holding. */
import { and, eq } from 'drizzle-orm';
import { formatPaise, GM, MIN_TRADE_PAISE, TM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { tickOf } from '../market/service.ts';
import type { GttDeps } from './gtt-deps.ts';
import type { GttAuthorisation, GttInput } from './gtt-types.ts';
import { gtts, holdings } from './tables.ts';

/** The live state of a stock the GTT can trade, or the reason it cannot. */
function listed(deps: GttDeps, symbol: string) {
  const { engine } = deps.market;
  const instrument = engine.instrument(symbol);
  const state = engine.state(symbol);
  if (!instrument || instrument.market !== 'NSE' || !state) throw badRequest(TM.symbolUnknown);
  return state;
}

/** The checks of a GTT as set or edited, against the last price now. */
export async function validateGtt(
  deps: GttDeps,
  tx: Tx,
  clientId: string,
  g: Omit<GttInput, 'pin'>,
): Promise<{ last: bigint }> {
  const state = listed(deps, g.symbol);
  const last = BigInt(state.last);
  const tick = BigInt(tickOf(state));
  const onTick = (trigger: bigint, limit: bigint) => {
    if (trigger % tick !== 0n) throw badRequest(TM.triggerOffTick(formatPaise(tick)));
    if (limit % tick !== 0n) throw badRequest(TM.priceOffTick(formatPaise(tick)));
  };
  onTick(g.trigger_price, g.limit_price);
  if (g.kind === 'oco') {
    if (g.side !== 'sell') throw badRequest(GM.ocoSellOnly);
    if (g.stop_trigger_price === undefined || g.stop_limit_price === undefined)
      throw badRequest(GM.ocoNeedsStop);
    onTick(g.stop_trigger_price, g.stop_limit_price);
    if (g.trigger_price <= last) throw badRequest(GM.targetAboveLast(formatPaise(last)));
    if (g.stop_trigger_price >= last) throw badRequest(GM.stopBelowLast(formatPaise(last)));
  } else if (g.trigger_price === last) throw badRequest(GM.triggerIsLast(formatPaise(last)));
  if (g.side === 'buy') {
    if (g.limit_price * BigInt(g.quantity) < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
  } else {
    // What could be sold when it fires: the holding less what is pledged.
    const [held] = await tx
      .select({ quantity: holdings.quantity, pledged: holdings.pledged })
      .from(holdings)
      .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, g.symbol)));
    if (!held || held.quantity - held.pledged < g.quantity)
      throw badRequest(GM.beyondHolding(g.kind));
  }
  return { last };
}

/** A KYC-approved client, with the trading PIN unless an API app's session stands in for it. */
export async function checkedClient(
  deps: GttDeps,
  clientId: string,
  pin: string,
  auth: GttAuthorisation,
) {
  const client = await deps.clients.byId(clientId);
  if (client.kycStatus !== 'approved') throw forbidden(TM.kycRequired);
  if (auth.api) return;
  if (!client.pinHash) throw badRequest(TM.setPinToTrade);
  await deps.clients.verifyTradingPin(client, pin, auth.sessionId);
}

/** The client's own GTT, locked. */
export async function lockOwn(tx: Tx, clientId: string, id: string) {
  const [row] = await tx
    .select()
    .from(gtts)
    .where(and(eq(gtts.id, id), eq(gtts.clientId, clientId)))
    .for('update');
  if (!row) throw notFound(GM.notFound);
  return row;
}
