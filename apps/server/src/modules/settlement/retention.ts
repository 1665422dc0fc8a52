/**
 * The retention rule, its one home (decision 045): what a settlement keeps of a client's
 * credit balance, and so what it pays out. SEBI lets the firm keep the client's funds
 * obligations as on the settlement date (end of day) across exchanges; in Sampada those are:
 *
 * - cash on hold for awaiting buy orders and for pending withdrawals — already out of cash
 *   available, so kept as they are and only reported;
 * - loan dues now (principal, interest and penal charges due or overdue) — the auto-debit
 *   takes them from cash available, so they are kept out of the payout;
 * - proceeds of sales on or after the settlement date, which the clearing corporation pays
 *   out on T+1, after the date's end of day — not idle money yet.
 *
 * Pure: the caller reads the balances and obligations in the transaction that pays.
 */
import type { TRetentionItem } from '@sampada/shared';

export type Obligations = {
  /** Cash on hold for awaiting buy orders. */
  openOrders: bigint;
  /** Cash on hold for withdrawals the client asked for and operations have not paid. */
  pendingWithdrawals: bigint;
  /** Loan dues now: due today and overdue, penal charges included. */
  loanDues: bigint;
  /** Net proceeds of sales executed on or after the settlement date. */
  unsettledSales: bigint;
};

export type Retention = {
  retained: { kind: TRetentionItem['kind']; amount: bigint }[];
  /** Of cash available, what is kept (loan dues, unsettled sales). */
  keptFromAvailable: bigint;
  payout: bigint;
};

const atMost = (amount: bigint, room: bigint) => {
  const bounded = amount < room ? amount : room;
  return bounded > 0n ? bounded : 0n;
};

export function retention(
  balances: { available: bigint; onHold: bigint },
  owed: Obligations,
): Retention {
  const available = balances.available > 0n ? balances.available : 0n;
  const loanDues = atMost(owed.loanDues, available);
  const unsettled = atMost(owed.unsettledSales, available - loanDues);
  const items: Retention['retained'] = [
    { kind: 'open_orders', amount: atMost(owed.openOrders, balances.onHold) },
    {
      kind: 'pending_withdrawals',
      amount: atMost(owed.pendingWithdrawals, balances.onHold - owed.openOrders),
    },
    { kind: 'loan_dues', amount: loanDues },
    { kind: 'unsettled_sales', amount: unsettled },
  ];
  const keptFromAvailable = loanDues + unsettled;
  return {
    retained: items.filter((i) => i.amount > 0n),
    keptFromAvailable,
    payout: available - keptFromAvailable,
  };
}
