/** The market, trading on its engine, loans pledging holdings, and the clients' funds. */
import { createCreditService } from '../modules/credit/service.ts';
import { createFundsService } from '../modules/funds/service.ts';
import { createMarket } from '../modules/market/market.ts';
import { createTradingService } from '../modules/trading/service.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { Late } from './late.ts';
import type { OfficeWiring } from './office.ts';

export function wireMarkets(
  { config, db, clock, secrets, files, bus, transitionEvents }: Foundation,
  { auth, clients, staff, settings, uploads }: ClientsWiring,
  { ledger }: OfficeWiring,
  late: Late,
) {
  const marketCore = createMarket({ config, db, clock, bus, auth, files });
  const trading = createTradingService({
    db,
    clock,
    ledger,
    clients,
    market: marketCore,
    events: transitionEvents,
    // Engagement is built below on trading's reads; a fill asks it only once it runs.
    brokerageDiscount: (clientId, tx) => late.engagement.brokerageDiscountBps(clientId, tx),
  });
  // Trading is built on the market's engine; the market's lists then show its open deals.
  const market = { ...marketCore, service: marketCore.createService(trading.marketDeals) };
  // Credit pledges holdings through trading; funds shows what clients owe on their loans.
  const credit = createCreditService({
    db,
    clock,
    ledger,
    clients,
    staff,
    trading,
    events: transitionEvents,
    // A margin call's deadline counts the exchange's trading days, settlement's calendar.
    isTradingDay: (day) => marketCore.calendar.isTradingDay(day),
    // Mail is built below; a margin call asks it only once it runs.
    notify: async (tx, clientId, message) => {
      const to = await late.email.verifiedAddressOf(clientId, tx);
      if (to) await late.mail.enqueue(tx, { ...message, clientId, to });
    },
  });
  const funds = createFundsService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    ledger,
    settings,
    uploads,
    staff,
    events: transitionEvents,
    holdings: (clientId) => trading.portfolio.valueOf(clientId),
    loans: (clientId) => credit.loans.balanceOf(clientId),
    withdrawalLimit: (clientId, tx) => late.engagement.dailyWithdrawalLimit(clientId, tx),
  });
  return { marketCore, trading, market, credit, funds };
}
export type MarketsWiring = ReturnType<typeof wireMarkets>;
