import type { Db, Executor } from '../../db/client.ts';
import {
  buyCostsSince,
  clientsTradedIn,
  openOrderHolds,
  saleProceedsSince,
} from './obligations.ts';

/** What open orders and unsettled sales need of a client's cash (settlement, decision 045). */
export const cashObligations = (db: Db) => ({
  openOrderHolds: (clientId: string, executor: Executor = db) => openOrderHolds(executor, clientId),
  saleProceedsSince: (clientId: string, from: Date, executor: Executor = db) =>
    saleProceedsSince(executor, clientId, from),
  buyCostsSince: (clientId: string, from: Date, executor: Executor = db) =>
    buyCostsSince(executor, clientId, from),
  clientsTradedIn: (clientIds: string[], from: Date, to: Date, executor: Executor = db) =>
    clientsTradedIn(executor, clientIds, from, to),
});
