/** Returns and corporate actions, transfers in, price alerts, notifications and health. */
import { asIstDay, istDayStart } from '@sampada/shared';
import { createHealth } from '../platform/health.ts';
import { createAlertsService } from '../modules/alerts/service.ts';
import { createNotificationService } from '../modules/notifications/service.ts';
import { createPortfolioService } from '../modules/portfolio/service.ts';
import { createTransferService } from '../modules/transfers/service.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { MarketsWiring } from './markets.ts';

export function wirePortfolio(
  { db, clock, bus, transitionEvents }: Foundation,
  { clients }: ClientsWiring,
  { marketCore, market, trading }: MarketsWiring,
) {
  // Returns, dividends and corporate actions: on trading's fills and the market's closes.
  const portfolio = createPortfolioService({
    db,
    clock,
    trading,
    dailyCloses: (symbols) => market.service.dailyClosesOf(symbols),
    // A split's prices move with its shares, in the transaction applying it (decision 051).
    async rebasePrices(tx, action) {
      const rebase = { symbol: action.symbol, ratio: action };
      await market.rebase(tx, rebase, istDayStart(asIstDay(action.exDate)));
      return { alertsRebased: await alerts.rebase(tx, action.symbol, action) };
    },
  });
  // Shares transferred in from another broker: their lots reach the holdings through trading.
  const transfers = createTransferService({
    db,
    clock,
    trading,
    clients,
    listed: () => market.engine.instruments(),
    events: transitionEvents,
  });
  // Price alerts fire from the market's feed and reach clients over its quotes WebSocket.
  const alerts = createAlertsService({ db, clock, market: marketCore, bus });
  // What happened to a client's records: written by the steps, sent live over the same socket.
  const notifications = createNotificationService({ db, clock, live: marketCore.live });
  const health = createHealth(db);
  return { portfolio, transfers, alerts, notifications, health };
}
