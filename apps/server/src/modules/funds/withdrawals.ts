/**
 * Withdrawals: the client asks for money to be paid to one of their bank cards, with their
 * PIN; the amount moves from cash available to on hold at once (never beyond the balance).
 * Operations mark it paid with the bank reference (hold → bank clearing) or reject it (hold
 * released); the client may cancel while it is pending (hold released).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TConsoleWithdrawal, TWithdrawalView } from '@sampada/shared';
import { FM } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import { cancelWithdrawal } from './cancel-withdrawal.ts';
import { decideWithdrawal } from './decide-withdrawal.ts';
import { countByStatus, type ListFilter } from './listing.ts';
import { withPeople } from './people.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { type SettlementPayoutInput, settlementPayout } from './settlement-payout.ts';
import { withdrawals } from './tables.ts';
import { consoleWithdrawalView, withdrawalView } from './views.ts';
import { cardOf } from './withdrawal-card.ts';
import type { WithdrawalDeps, WithdrawalInput, WithdrawalRow } from './withdrawal-deps.ts';
import type { WithdrawalAction } from './withdrawal-lifecycle.ts';
import { listWithdrawals, withdrawalById } from './withdrawal-queries.ts';

export type {
  WithdrawalDeps,
  WithdrawalInput,
  WithdrawalLimit,
  WithdrawalRow,
} from './withdrawal-deps.ts';
export { type WithdrawalAction, WITHDRAWAL_TRANSITIONS } from './withdrawal-lifecycle.ts';
export { listWithdrawals, pendingWithdrawalsToCard, withdrawalById } from './withdrawal-queries.ts';

type ClientOptions = { actor: Actor; transaction?: TransactionRunner };

export function createWithdrawalService(deps: WithdrawalDeps) {
  const { db, bankCards, people } = deps;

  return {
    request: (
      clientId: string,
      input: WithdrawalInput,
      options: ClientOptions,
    ): Promise<TWithdrawalView> => requestWithdrawal(deps, clientId, input, options),

    /**
     * Running-account settlement's payout (decision 045): the firm's withdrawal to the
     * client's primary account, in the caller's transaction (see settlement-payout.ts).
     */
    settlementPayout: (tx: Tx, input: SettlementPayoutInput): Promise<WithdrawalRow> =>
      settlementPayout(deps, tx, input),

    /** Cash on hold for the client's pending withdrawals (a settlement keeps it). */
    async pendingTotalOf(clientId: string, executor: Executor = db): Promise<bigint> {
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
        .from(withdrawals)
        .where(and(eq(withdrawals.clientId, clientId), eq(withdrawals.status, 'pending')));
      return BigInt(row?.total ?? '0');
    },

    cancel: (
      clientId: string,
      withdrawalId: string,
      options: ClientOptions,
    ): Promise<TWithdrawalView> => cancelWithdrawal(deps, clientId, withdrawalId, options),

    /** Operations mark paid (with the bank reference) or reject (with a reason). */
    decide: (
      withdrawalId: string,
      action: Exclude<WithdrawalAction, 'cancel'>,
      options: Parameters<typeof decideWithdrawal>[3],
    ): Promise<TConsoleWithdrawal> => decideWithdrawal(deps, withdrawalId, action, options),

    async ofClient(clientId: string, withdrawalId: string): Promise<TWithdrawalView> {
      const listed = await withdrawalById(db, withdrawalId);
      if (!listed || listed.row.clientId !== clientId) throw notFound(FM.withdrawalNotFound);
      return withdrawalView(listed.row, await cardOf(bankCards, db, listed.row));
    },

    /** A client's withdrawals, newest first; views and the raw rows for the cursor. */
    async listOfClient(clientId: string, filter: Omit<ListFilter, 'clientId' | 'order'>) {
      const rows = await listWithdrawals(db, { ...filter, clientId, order: 'newest' });
      const cards = await bankCards.byIds(
        rows.map((r) => r.row.bankCardId),
        db,
      );
      return rows.map((r) => ({ ...r, view: withdrawalView(r.row, cards.get(r.row.bankCardId)!) }));
    },

    /** The console queue: pending oldest first, any other status newest first. */
    async queue(filter: Omit<ListFilter, 'order'>) {
      const rows = await withPeople(
        people,
        await listWithdrawals(db, {
          ...filter,
          order: filter.status === 'pending' ? 'oldest' : 'newest',
        }),
      );
      const cards = await bankCards.byIds(
        rows.map((r) => r.row.bankCardId),
        db,
      );
      return rows.map((r) => {
        const card = cards.get(r.row.bankCardId)!;
        return { ...r, view: consoleWithdrawalView(r, card, bankCards.accountNumberOf(card)) };
      });
    },

    countPending: () => countByStatus(db, withdrawals, 'pending'),

    async forReceipt(reference: string | null) {
      const match = /^withdrawal:([0-9a-f-]{36})$/.exec(reference ?? '');
      if (!match) return null;
      const listed = await withdrawalById(db, match[1]!);
      return listed ? withdrawalView(listed.row, await cardOf(bankCards, db, listed.row)) : null;
    },
  };
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
