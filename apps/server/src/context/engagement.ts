/** Engagement reads every other module through these ports; none of them imports it. */
import { poolBusy } from '../db/client.ts';
import { groupCommitGathering } from '../platform/group-commit.ts';
import { loopBusy } from '../platform/loop-load.ts';
import { failureReason } from '../platform/pg-errors.ts';
import { createEngagementService } from '../modules/engagement/service.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { MarketsWiring } from './markets.ts';
import type { OfficeWiring } from './office.ts';

export function wireEngagement(
  { config, db, clock, bus }: Foundation,
  { clients, kyc }: ClientsWiring,
  { ledger }: OfficeWiring,
  { trading, market, credit, funds }: MarketsWiring,
) {
  return createEngagementService({
    db,
    clock,
    bus,
    // Background computations wait while requests need the pool's connections or the event
    // loop's time (decision 072): at the open, fills' recomputations had taken an eighth of it;
    // and while a group commit gathers requests (decision 083): the database's CPU they need.
    busy: () => poolBusy(db) || loopBusy() || groupCommitGathering(),
    // A failed computation is redone by engagement's sweep of stale marks or the client's next
    // event; say why, with the driver's reason (drizzle's own message is only the statement),
    // at the levels that show warnings (tests run silent).
    log: ['warn', 'info', 'debug', 'trace'].includes(config.logLevel)
      ? (message, error) => console.warn(`${message}: ${failureReason(error)}`)
      : undefined,
    ports: {
      advisorOf: async (clientId) => (await clients.byId(clientId)).advisorId,
      clients: async (clientIds) => {
        const [rows, approvals] = await Promise.all([
          clients.standingFactsOf(clientIds),
          kyc.firstApprovalsOf(clientIds),
        ]);
        return new Map(
          rows.map((row) => [
            row.id,
            {
              // Time with the firm runs from the KYC approval that made them a client, as the
              // client reads it on their KYC record (issue 31: the demo client, approved months
              // ago, read "0 full months"); before approval, from signing up.
              createdAt: (row.kycStatus === 'approved' && approvals.get(row.id)) || row.createdAt,
              kycApproved: row.kycStatus === 'approved',
            },
          ]),
        );
      },
      cash: async (clientIds) => {
        const balances = await ledger.balancesOfMany(clientIds);
        return new Map(
          [...balances].map(([id, b]) => [id, b.cash_available + b.cash_on_hold] as const),
        );
      },
      holdings: async (clientIds) => {
        const byClient = await trading.portfolio.holdingsOfMany(clientIds);
        return new Map(
          [...byClient].map(([id, list]) => [
            id,
            list.map((h) => ({
              symbol: h.symbol,
              sector: h.sector,
              quantity: h.quantity,
              valuePaise: BigInt(h.current_value_paise),
              investedPaise: BigInt(h.invested_paise),
            })),
          ]),
        );
      },
      trades: (clientIds) => trading.activity.activityOfMany(clientIds),
      deposits: (clientIds) => funds.depositRecordsOf(clientIds),
      loans: (clientIds, today) => credit.punctuality.recordsOf(clientIds, today),
      dailyCloses: async (symbol, kind, days) => {
        try {
          const chart = await market.service.chart(symbol, kind, '1d', days);
          return chart.candles.map((c) => ({ time: c.time, close: c.close }));
        } catch {
          return [];
        }
      },
      allClientIds: () => clients.allIds(),
      store: (values) => clients.storeStandings(values),
    },
  });
}
