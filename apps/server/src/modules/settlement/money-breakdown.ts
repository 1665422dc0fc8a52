/**
 * Where is my money (Client Assets, decision 047): every rupee of the cash the firm holds for
 * a client, in parts that add up to the ledger's balance, and what a settlement would pay out
 * if it ran now. The parts are the retention rule's own figures (retention.ts) over the same
 * obligation readers a settlement batch uses, taken at the T+1 cut-off (dates.ts); nothing here
 * weighs an obligation itself.
 */
import {
  asIstDay,
  istDayOf,
  istDayStart,
  paiseNumber,
  type TMoneyBreakdown,
  type TMoneyPartKind,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FundsService } from '../funds/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { TradingService } from '../trading/service.ts';
import { nextSettlementDate, unsettledSince } from './dates.ts';
import { type ObligationReaders, obligationsOf } from './obligations.ts';
import { cyclesOf } from './prepare.ts';
import { retention } from './retention.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'balancesOf'>;
  readers: ObligationReaders;
  deposits: Pick<FundsService['deposits'], 'pendingTotalOf'>;
  trading: Pick<TradingService, 'obligations'>;
  isTradingDay: (day: string) => boolean;
};

export function createMoneyBreakdown(deps: Deps) {
  const { db, clock, ledger, readers, isTradingDay } = deps;

  return async function moneyBreakdown(clientId: string): Promise<TMoneyBreakdown> {
    const now = clock.now();
    const today = istDayOf(now);
    const since = unsettledSince(today, isTradingDay);
    const from = istDayStart(asIstDay(since));
    // One snapshot: the parts are computed from the very balances they must add up to.
    const read = await db.transaction(
      async (tx) => {
        const balances = await ledger.balancesOf(clientId, tx);
        const owed = await obligationsOf(readers, clientId, since, tx);
        const pendingDeposits = await deps.deposits.pendingTotalOf(clientId, tx);
        const dueOut = await deps.trading.obligations.buyCostsSince(clientId, from, tx);
        const cycle = (await cyclesOf(tx, [clientId]))(clientId);
        return { balances, owed, pendingDeposits, dueOut, cycle };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const available = read.balances.cash_available;
    const onHold = read.balances.cash_on_hold;
    const kept = retention({ available, onHold }, read.owed);
    const amountOf = (kind: string) => kept.retained.find((r) => r.kind === kind)?.amount ?? 0n;
    const explainedHolds = amountOf('open_orders') + amountOf('pending_withdrawals');
    // A negative available balance (never allowed by the ledger) would make the payout
    // negative; the parts still add up, so the screen never hides a rupee.
    const parts: [TMoneyPartKind, bigint][] = [
      ['free', available - amountOf('loan_dues') - amountOf('unsettled_sales')],
      ['unsettled_sales', amountOf('unsettled_sales')],
      ['loan_dues', amountOf('loan_dues')],
      ['open_orders', amountOf('open_orders')],
      ['pending_withdrawals', amountOf('pending_withdrawals')],
      ['other_holds', onHold - explainedHolds],
    ];
    return {
      total_paise: paiseNumber(available + onHold),
      cash_available_paise: paiseNumber(available),
      cash_on_hold_paise: paiseNumber(onHold),
      parts: parts.map(([kind, amount]) => ({ kind, amount_paise: paiseNumber(amount) })),
      pending_deposits_paise: paiseNumber(read.pendingDeposits),
      settlement_due_in_paise: paiseNumber(read.owed.unsettledSales),
      settlement_due_out_paise: paiseNumber(read.dueOut),
      unsettled_since: since,
      next_settlement: {
        date: nextSettlementDate(today, read.cycle, isTradingDay),
        cycle: read.cycle,
        payout_now_paise: paiseNumber(kept.payout),
      },
      as_of: now.toISOString(),
      time_zone: 'Asia/Kolkata',
    };
  };
}
