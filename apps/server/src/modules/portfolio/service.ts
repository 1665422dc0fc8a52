/**
 * Portfolio (docs/api-portfolio.md): returns against a benchmark, dividends on record,
 * corporate actions, the Schedule 112A file. Built on trading's fills and lots and the
 * market's daily closes; it owns only corporate actions and dividends.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TradingService } from '../trading/service.ts';
import { appliedRatios, createCorporateActions, type RebasePrices } from './corporate-actions.ts';
import { dividendList, dividendsIn } from './dividends.ts';
import { type DailyCloses, returnsOf } from './returns.ts';
import { schedule112aCsv } from './schedule-112a.ts';

export function createPortfolioService(deps: {
  db: Db;
  clock: Clock;
  trading: TradingService;
  dailyCloses: DailyCloses;
  rebasePrices: RebasePrices;
}) {
  const { db, clock, trading } = deps;
  const actions = createCorporateActions({
    db,
    clock,
    holdersBefore: trading.holdersBefore,
    applyToHoldings: trading.applyCorporateAction,
    rebasePrices: deps.rebasePrices,
  });
  return {
    actions,
    returns: (
      clientId: string,
      query: { from?: string | undefined; to?: string | undefined; benchmark: string },
    ) =>
      returnsOf(
        {
          clock,
          trading,
          dailyCloses: deps.dailyCloses,
          dividendsOf: (id) => dividendsIn(db, id),
          ratiosOf: (symbols) => appliedRatios(db, symbols),
        },
        clientId,
        query,
      ),
    dividends: (clientId: string, year?: number) =>
      dividendList(db, clientId, year, (s) => trading.nameOf(s)),
    async schedule112a(clientId: string, year?: number) {
      const { owner, report } = await trading.taxReport(clientId, year);
      return { owner, report, csv: schedule112aCsv(report) };
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
