/** Engagement reads every other module through these ports; none of them imports it. */
import { poolBusy } from '../db/client.ts';
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
  /** When the client's first approved KYC was approved, or null. */
  const approvedSince = async (clientId: string) =>
    (await kyc.submissionsOf(clientId)).findLast((s) => s.status === 'approved')?.checkedAt ?? null;
  return createEngagementService({
    db,
    clock,
    bus,
    // Background computations wait while requests need the pool's connections or the event
    // loop's time (decision 072): at the open, fills' recomputations had taken an eighth of it.
    busy: () => poolBusy(db) || loopBusy(),
    // A failed computation is redone by engagement's sweep of stale marks or the client's next
    // event; say why, with the driver's reason (drizzle's own message is only the statement),
    // at the levels that show warnings (tests run silent).
    log: ['warn', 'info', 'debug', 'trace'].includes(config.logLevel)
      ? (message, error) => console.warn(`${message}: ${failureReason(error)}`)
      : undefined,
    ports: {
      client: async (clientId) => {
        const row = await clients.byId(clientId);
        return {
          // Time with the firm runs from the KYC approval that made them a client, as the
          // client reads it on their KYC record (issue 31: the demo client, approved months
          // ago, read "0 full months"); before approval, from signing up.
          createdAt:
            (row.kycStatus === 'approved' && (await approvedSince(clientId))) || row.createdAt,
          kycApproved: row.kycStatus === 'approved',
          advisorId: row.advisorId,
        };
      },
      cash: async (clientId) => {
        const balances = await ledger.balancesOf(clientId);
        return balances.cash_available + balances.cash_on_hold;
      },
      holdings: async (clientId) =>
        (await trading.portfolio.holdingsOf(clientId)).map((h) => ({
          symbol: h.symbol,
          sector: h.sector,
          quantity: h.quantity,
          valuePaise: BigInt(h.current_value_paise),
          investedPaise: BigInt(h.invested_paise),
        })),
      trades: (clientId) => trading.activity.activityOf(clientId),
      deposits: (clientId) => funds.depositRecordOf(clientId),
      loans: (clientId, today) => credit.punctuality.recordOf(clientId, today),
      dailyCloses: async (symbol, kind, days) => {
        try {
          const chart = await market.service.chart(symbol, kind, '1d', days);
          return chart.candles.map((c) => ({ time: c.time, close: c.close }));
        } catch {
          return [];
        }
      },
      allClientIds: () => clients.allIds(),
      store: (clientId, values) => clients.storeStanding(clientId, values),
    },
  });
}
