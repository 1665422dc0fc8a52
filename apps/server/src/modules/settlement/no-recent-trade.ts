/**
 * The 30-day rule (SEBI/HO/MIRSD/MIRSD-PoD1/P/CIR/2025/1, 6 Jan 2025; decision 052): a client
 * with a credit balance who has not traded for 30 calendar days, and whose funds have lain
 * with the firm for more than those 30 days, is settled on the next monthly settlement date
 * whatever cycle they chose. A client who trades again before that date keeps their cycle.
 *
 * In Sampada every settlement date is a monthly one, so the rule only adds quarterly clients
 * to a date that is not a quarter's. "Funds lying for more than 30 days" is read as cash at the
 * firm when the 30 days began; money deposited since is younger, and waits for the cycle.
 */
import { addIstDays, asIstDay, istDayEnd, istDayStart } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { TradingService } from '../trading/service.ts';

/**
 * SEBI's count of calendar days without a trade after which idle funds go back at the next
 * monthly date. Calendar days, not trading days: the circular counts them so, and the exchanges'
 * FAQ repeats it.
 */
export const NO_TRADE_DAYS = 30;

/** The 30 IST days ending with the settlement date (its own trades count), as [from, to). */
export function noTradeWindow(settlementDate: string) {
  const day = asIstDay(settlementDate);
  return { from: istDayStart(addIstDays(day, -(NO_TRADE_DAYS - 1))), to: istDayEnd(day) };
}

type Deps = {
  ledger: Pick<LedgerService, 'openingBalances'>;
  trading: Pick<TradingService, 'obligations'>;
};

/** Of `clientIds` (clients not due by their cycle), those the 30-day rule settles on the date. */
export async function noRecentTradeAmong(
  { ledger, trading }: Deps,
  clientIds: string[],
  settlementDate: string,
  executor: Executor,
): Promise<string[]> {
  const { from, to } = noTradeWindow(settlementDate);
  const traded = await trading.obligations.clientsTradedIn(clientIds, from, to, executor);
  const idle: string[] = [];
  for (const clientId of clientIds.filter((id) => !traded.has(id))) {
    const opening = await ledger.openingBalances(clientId, from, executor);
    const cash = (opening.get('cash_available') ?? 0n) + (opening.get('cash_on_hold') ?? 0n);
    if (cash > 0n) idle.push(clientId);
  }
  return idle;
}
