/** Running-account settlement and the trading API for client programs. */
import { busPrefixOf } from '../platform/bus.ts';
import { createConnectService } from '../modules/connect/service.ts';
import { createSettlementService } from '../modules/settlement/service.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { MailWiring } from './mail.ts';
import type { MarketsWiring } from './markets.ts';
import type { OfficeWiring } from './office.ts';

export function wireSettlement(
  { config, db, clock, secrets, bus, transitionEvents }: Foundation,
  { clients, staff, settings, auth }: ClientsWiring,
  { ledger }: OfficeWiring,
  { marketCore, market, trading, funds, credit }: MarketsWiring,
  { email, mail }: MailWiring,
) {
  // Running-account settlement: funds pays, trading, funds and credit say what is kept.
  const settlement = createSettlementService({
    db,
    clock,
    ledger,
    funds,
    trading,
    clients,
    staff,
    email,
    mail,
    isTradingDay: (day) => marketCore.calendar.isTradingDay(day),
    // In the payout's own transaction: no second connection, and the dues of its snapshot.
    loanDuesOf: (clientId, executor) => credit.loans.dueNowOf(clientId, executor),
    events: transitionEvents,
  });
  // The trading API for client programs: the trading module's orders, the market's data.
  const connect = createConnectService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    auth,
    ledger,
    trading,
    market,
    settings,
    bus,
    redis: config.redisUrl
      ? { url: config.redisUrl, prefix: busPrefixOf(config.databaseUrl) }
      : undefined,
  });
  return { settlement, connect };
}
