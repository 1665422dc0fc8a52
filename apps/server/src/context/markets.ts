/** The market, trading on its engine, loans pledging holdings, and the clients' funds. */
import { createCreditService } from '../modules/credit/service.ts';
import { createFundsService } from '../modules/funds/service.ts';
import { createMarket } from '../modules/market/market.ts';
import { createTradingService } from '../modules/trading/service.ts';
// Engagement is built on trading's reads; trading and funds ask only its tiers' two limits,
// plain reads of its tables, so they take those functions rather than the service.
import { brokerageDiscountsBps, dailyWithdrawalLimit } from '../modules/engagement/tiers.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { OfficeWiring } from './office.ts';
import type { OutboxWiring } from './outbox.ts';

export function wireMarkets(
  { config, db, clock, secrets, files, bus, transitionEvents }: Foundation,
  { auth, clients, staff, settings, uploads }: ClientsWiring,
  { ledger }: OfficeWiring,
  { mail, email }: OutboxWiring,
) {
  const marketCore = createMarket({ config, db, clock, bus, auth, files });
  const trading = createTradingService({
    db,
    clock,
    bus,
    ledger,
    clients,
    market: marketCore,
    events: transitionEvents,
    brokerageDiscounts: (clientIds, tx) => brokerageDiscountsBps(tx, clientIds),
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
    // A margin call mails the client, in the call's own transaction.
    notify: async (tx, clientId, message) => {
      const to = await email.verifiedAddressOf(clientId, tx);
      if (to) await mail.enqueue(tx, { ...message, clientId, to });
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
    withdrawalLimit: (clientId, tx) => dailyWithdrawalLimit(tx ?? db, clientId),
  });
  return { marketCore, trading, market, credit, funds };
}
export type MarketsWiring = ReturnType<typeof wireMarkets>;
