import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService, Trader } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Market } from '../market/service.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution } from './execution.ts';
import type { OrderReads } from './orders.ts';

export type PlacementDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  execution: Execution;
  charges: ChargeSchedule;
  reads: OrderReads;
  /** Where placed orders are announced after commit (engagement counts IPO bids). */
  events?: TransitionEvents | undefined;
};

/** The orders that trade against the feed and may be modified while they wait. */
export type StopOrLimit = 'market' | 'limit' | 'sl' | 'sl_m';
export const isStopOrLimit = (type: string): type is 'limit' | 'sl' | 'sl_m' =>
  type === 'limit' || type === 'sl' || type === 'sl_m';
/** An order that trades against the feed: market, limit, SL or SL-M. */
export const tradesOnMarket = (type: string): type is StopOrLimit =>
  type === 'market' || isStopOrLimit(type);

/**
 * An order from a client's API app (modules/connect): the app's session is the authorisation
 * in place of the PIN, and the app and its tag go on the order (origin) and the audit trail.
 */
export type ApiPlacement = {
  appId: string;
  tag: string | null;
  /** Runs in the order's transaction once it is written (the API's own record of it). */
  onPlaced?: (tx: Tx, orderId: string) => Promise<void>;
};

/** The trading PIN, or the API app standing in for it. */
/**
 * Who places or changes an order: a session in the app — with the client as its guard read
 * them, when the request has not waited since (decision 084) — or an API app.
 */
export type Authorisation =
  { sessionId: string; trader?: Trader; api?: undefined } | { api: ApiPlacement };

/** What the audit trail records of an API order: the app and its tag. */
export const apiDetails = (api: ApiPlacement | undefined) =>
  api ? { origin: 'api', api_app_id: api.appId, tag: api.tag } : {};
