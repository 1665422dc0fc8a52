/**
 * The 30-day rule (SEBI/HO/MIRSD/MIRSD-PoD1/P/CIR/2025/1, 6 Jan 2025; decision 052): a client
 * with a credit balance who has not traded in the 30 calendar days since their last trade, and
 * some of whose funds have lain with the firm for more than those 30 days, gets their whole
 * credit balance back — less what retention.ts keeps — on the next monthly settlement date,
 * whatever cycle they chose. A client who trades again before that date keeps their cycle.
 *
 * Exactly, for a settlement date D, over the 30 IST days D-29 … D (D's own trades count, the
 * batch is prepared after its close): the client had no exchange fill in them — their last
 * fill fell on D-30 or earlier in IST, or they never traded — and their cash never ran out in
 * them (ledger/cash-throughout.ts), so some of it came in on D-30 or earlier and stayed. Both
 * are one set-based query each, in the module that owns the rows.
 *
 * In Sampada every settlement date is a monthly one, so the rule only adds quarterly clients
 * to a date that is not a quarter's.
 */
import { addIstDays, asIstDay, istDayEnd, istDayStart, NO_TRADE_DAYS } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { TradingService } from '../trading/service.ts';

/** The NO_TRADE_DAYS IST days ending with the settlement date (its own trades count): [from, to). */
export function noTradeWindow(settlementDate: string) {
  const day = asIstDay(settlementDate);
  return { from: istDayStart(addIstDays(day, -(NO_TRADE_DAYS - 1))), to: istDayEnd(day) };
}

type Deps = {
  ledger: Pick<LedgerService, 'clientsWithCashThroughout'>;
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
  const untraded = clientIds.filter((id) => !traded.has(id));
  const lying = await ledger.clientsWithCashThroughout(untraded, from, to, executor);
  return untraded.filter((id) => lying.has(id));
}
