/**
 * A client's obligations as on a settlement date, read from the modules that own them: open
 * orders and sales (trading), pending withdrawals (funds), loan dues (credit, through the
 * port context.ts wires). The rule that weighs them is retention.ts.
 */
import { asIstDay, istDayStart } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { FundsService } from '../funds/service.ts';
import type { TradingService } from '../trading/service.ts';
import type { Obligations } from './retention.ts';

/** What a client's disbursed loans have due now (credit's dues, summed), in the executor given. */
export type LoanDuesOf = (clientId: string, executor: Executor) => Promise<bigint>;

export type ObligationReaders = {
  trading: Pick<TradingService, 'obligations'>;
  funds: Pick<FundsService, 'withdrawals'>;
  loanDuesOf: LoanDuesOf;
};

export async function obligationsOf(
  readers: ObligationReaders,
  clientId: string,
  settlementDate: string,
  executor: Executor,
): Promise<Obligations> {
  // One after the other: inside a transaction the executor is one connection.
  const openOrders = await readers.trading.obligations.openOrderHolds(clientId, executor);
  const unsettledSales = await readers.trading.obligations.saleProceedsSince(
    clientId,
    istDayStart(asIstDay(settlementDate)),
    executor,
  );
  const pendingWithdrawals = await readers.funds.withdrawals.pendingTotalOf(clientId, executor);
  const loanDues = await readers.loanDuesOf(clientId, executor);
  return { openOrders, pendingWithdrawals, loanDues, unsettledSales };
}
