/** What the Kite order use cases are given, and the refusals they share. */
import { ConnectMessage, type TKiteOrder } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TradingService } from '../trading/service.ts';
import type { KiteMarket } from './kite-market.ts';
import { KiteError } from './wire.ts';

export type KiteOrdersDeps = {
  db: Db;
  clock: Clock;
  trading: Pick<TradingService, 'orders' | 'charges'>;
  market: KiteMarket;
};

export const notOffered = (what: string) =>
  new KiteError('InputException', ConnectMessage.notOffered(what));

/** The settings of an order this API does not offer, refused before anything is held. */
export function refuseNotOffered(
  variety: string,
  order: Pick<TKiteOrder, 'product' | 'exchange' | 'validity'>,
) {
  if (variety !== 'regular') throw notOffered(`Variety ${variety}`);
  if (order.product !== 'CNC') throw notOffered(`Product ${order.product}`);
  if (order.exchange !== 'NSE') throw notOffered(`Exchange ${order.exchange}`);
  if (order.validity !== 'DAY') throw notOffered(`Validity ${order.validity}`);
}
