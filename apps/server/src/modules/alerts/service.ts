/**
 * Price alerts (docs/api-market.md "Price alerts"): a client sets "above / below ₹X" on a
 * stock; the feed's pass fires each alert once (store.ts `fireReached`), and the fired alert
 * goes out on the bus so that whichever instance holds the client's WebSocket sends it as a
 * toast. Fired alerts are the client's notifications list.
 */
import type { ShareRatio, TAlertDirection } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { AlertsDeps } from './alerts-deps.ts';
import { alertNotifications, cancelAlert, createAlert, listAlerts } from './client-alerts.ts';
import { checkAlerts, deliverAlerts, startAlertPasses } from './fire-alerts.ts';
import { markRead, rebaseActive, type TStatusFilter } from './store.ts';

export { FIRED_CHANNEL } from './alerts-deps.ts';

export function createAlertsService(deps: AlertsDeps) {
  const { db, clock } = deps;
  return {
    create: (
      clientId: string,
      input: { symbol: string; direction: TAlertDirection; price: bigint },
    ) => createAlert(deps, clientId, input),
    cancel: (clientId: string, id: string) => cancelAlert(deps, clientId, id),
    /** One pass over the symbols' last prices, firing what they reach (fire-alerts.ts). */
    check: (symbols?: string[]) => checkAlerts(deps, symbols),
    list: (clientId: string, status: TStatusFilter) => listAlerts(deps, clientId, status),
    notifications: (clientId: string) => alertNotifications(deps, clientId),
    readNotifications: async (clientId: string) => ({
      marked: await markRead(db, clientId, clock.now()),
    }),
    /** Every instance hands the fired alerts it hears to its own WebSocket clients. */
    deliver: () => deliverAlerts(deps),
    /** The leader's job: a pass after each engine step over the symbols that moved. */
    start: () => startAlertPasses(deps),
    /** In a corporate action's transaction: the scrip's active alerts in the new shares. */
    rebase: (tx: Tx, symbol: string, ratio: ShareRatio) => rebaseActive(tx, symbol, ratio),
  };
}
