import { type TRadar, daysInMs } from '@sampada/shared';
import type { StandingDeps } from './engagement-deps.ts';
import type { DailyClose } from './facts.ts';
import { RADAR_VOLATILITY_DAYS, radarOf } from './radar.ts';

/** The client's radar: their holdings' volatility and their trading against the Nifty. */
export async function radarOfClient(
  { clock, ports }: Pick<StandingDeps, 'clock' | 'ports'>,
  clientId: string,
): Promise<TRadar> {
  const [holdingsOf, tradesOf] = await Promise.all([
    ports.holdings([clientId]),
    ports.trades([clientId]),
  ]);
  const holdings = holdingsOf.get(clientId) ?? [];
  const trades = tradesOf.get(clientId) ?? { fills: [], filledOrdersByType: {}, ipoBids: 0 };
  const symbols = holdings.filter((h) => h.valuePaise > 0n).map((h) => h.symbol);
  const firstFill = trades.fills.reduce(
    (min, f) => Math.min(min, f.executedAt.getTime()),
    clock.now().getTime(),
  );
  const niftyDays = Math.min(400, Math.ceil((clock.now().getTime() - firstFill) / daysInMs(1)) + 5);
  const [closes, nifty] = await Promise.all([
    Promise.all(
      symbols.map(
        async (s) =>
          [s, await ports.dailyCloses(s, 'NSE', RADAR_VOLATILITY_DAYS + 1)] as [
            string,
            DailyClose[],
          ],
      ),
    ),
    ports.dailyCloses('NIFTY50', 'INDEX', niftyDays),
  ]);
  return {
    scores: radarOf({
      now: clock.now(),
      holdings,
      fills: trades.fills,
      filledOrdersByType: trades.filledOrdersByType,
      closes: new Map(closes),
      nifty,
    }),
    computed_at: clock.now().toISOString(),
  };
}
