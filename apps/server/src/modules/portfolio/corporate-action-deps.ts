import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { HoldingAction } from '../trading/service.ts';

export type HoldersBefore = (
  symbol: string,
  exDate: string,
  executor: Executor,
) => Promise<{ clientId: string; quantity: number }[]>;

export type ApplyToHoldings = (
  tx: Tx,
  action: HoldingAction,
  actor: Actor,
) => Promise<{ clients: number; ordersCancelled: number; gttsCancelled: number }>;

/**
 * The prices set before a split's, consolidation's or bonus's ex-date moved to the new shares
 * in the same transaction: the market's candles and quote, the clients' price alerts.
 */
export type RebasePrices = (tx: Tx, action: HoldingAction) => Promise<{ alertsRebased: number }>;

export type CorporateActionDeps = {
  db: Db;
  clock: Clock;
  holdersBefore: HoldersBefore;
  applyToHoldings: ApplyToHoldings;
  rebasePrices: RebasePrices;
};
