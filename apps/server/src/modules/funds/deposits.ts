/**
 * Deposits: the client transfers money to the firm's account and tells us the UTR; operations
 * confirm (the ledger credits bank_clearing → cash_available) or reject it with a reason, and
 * the client may cancel while it is pending. Transitions are data; `move` applies one, with
 * its posting and audit row, in one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type {
  TBankStatementResult,
  TConsoleDeposit,
  TDepositAccount,
  TDepositView,
} from '@sampada/shared';
import { FM } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { TogetherOutcome } from '../../platform/idempotency-together.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { StatementLine } from './bank-statement.ts';
import { cancelDeposit } from './cancel-deposit.ts';
import { confirmBankStatement } from './confirm-bank-statement.ts';
import {
  createDepositConfirmations,
  type TogetherConfirmation,
} from './confirm-deposits-together.ts';
import { decideDeposit } from './decide-deposit.ts';
import { depositAccount, receiptUrlOf } from './deposit-account.ts';
import type { DepositDeps, DepositInput } from './deposit-deps.ts';
import type { DepositAction } from './deposit-lifecycle.ts';
import { depositById, listDeposits } from './deposit-queries.ts';
import { countByStatus, type ListFilter } from './listing.ts';
import { withPeople } from './people.ts';
import { requestDeposit } from './request-deposit.ts';
import { deposits } from './tables.ts';
import { consoleDepositView, depositView } from './views.ts';

export type { DepositDeps, DepositInput, DepositRow } from './deposit-deps.ts';
export { type DepositAction, DEPOSIT_TRANSITIONS } from './deposit-lifecycle.ts';
export { depositById, depositsWithUtr, listDeposits } from './deposit-queries.ts';

type ClientOptions = { baseUrl: string; actor: Actor; transaction?: TransactionRunner };

export function createDepositService(deps: DepositDeps) {
  const { db, settings, uploads, people } = deps;
  const confirmations = createDepositConfirmations(deps);

  return {
    depositAccount: (): Promise<TDepositAccount> => depositAccount(settings),

    request: (
      clientId: string,
      input: DepositInput,
      options: ClientOptions,
    ): Promise<TDepositView> => requestDeposit(deps, clientId, input, options),

    cancel: (clientId: string, depositId: string, options: ClientOptions): Promise<TDepositView> =>
      cancelDeposit(deps, clientId, depositId, options),

    /** Operations confirm (credit) or reject (with a reason). */
    decide: (
      depositId: string,
      action: Exclude<DepositAction, 'cancel'>,
      options: Parameters<typeof decideDeposit>[3],
    ): Promise<TConsoleDeposit> => decideDeposit(deps, depositId, action, options),

    /**
     * A confirmation that may be served together with others waiting (group commit): its
     * outcome says whether it was, or is to run alone through `decide`.
     */
    confirmTogether: (confirmation: TogetherConfirmation): Promise<TogetherOutcome> =>
      confirmations.submit(confirmation),
    /** Batches the confirmations' group commit has run, and the confirmations they took. */
    confirmationStats: () => confirmations.stats(),

    /**
     * Operations match the bank's statement: each line confirms the one pending deposit with
     * its UTR and exactly its amount, credited as a single confirmation would be (its posting,
     * audit row and event), all in one transaction with the postings in one round trip.
     */
    confirmStatement: (
      lines: StatementLine[],
      options: Parameters<typeof confirmBankStatement>[2],
    ): Promise<TBankStatementResult> => confirmBankStatement(deps, lines, options),

    async ofClient(clientId: string, depositId: string, baseUrl: string): Promise<TDepositView> {
      const listed = await depositById(db, depositId);
      if (!listed || listed.row.clientId !== clientId) throw notFound(FM.depositNotFound);
      return depositView(listed.row, receiptUrlOf(uploads, baseUrl, listed.row));
    },

    /** A client's deposits, newest first; views and the raw rows for the cursor. */
    async listOfClient(
      clientId: string,
      filter: Omit<ListFilter, 'clientId' | 'order'>,
      baseUrl: string,
    ) {
      const rows = await listDeposits(db, { ...filter, clientId, order: 'newest' });
      return rows.map((r) => ({
        ...r,
        view: depositView(r.row, receiptUrlOf(uploads, baseUrl, r.row)),
      }));
    },

    /** The console queue: pending oldest first, any other status newest first. */
    async queue(filter: Omit<ListFilter, 'order'>, baseUrl: string) {
      const rows = await withPeople(
        people,
        await listDeposits(db, {
          ...filter,
          order: filter.status === 'pending' ? 'oldest' : 'newest',
        }),
      );
      return rows.map((r) => ({
        ...r,
        view: consoleDepositView(r, receiptUrlOf(uploads, baseUrl, r.row)),
      }));
    },

    countPending: () => countByStatus(db, deposits, 'pending'),

    /** What the client reported paying that operations have not yet confirmed (not in cash). */
    async pendingTotalOf(clientId: string, executor: Executor = db): Promise<bigint> {
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)::text` })
        .from(deposits)
        .where(and(eq(deposits.clientId, clientId), eq(deposits.status, 'pending')));
      return BigInt(row?.total ?? '0');
    },

    /** A deposit as its receipt shows it, when the posting settles one of the client's. */
    async forReceipt(reference: string | null, baseUrl: string) {
      const match = /^deposit:([0-9a-f-]{36})$/.exec(reference ?? '');
      if (!match) return null;
      const listed = await depositById(db, match[1]!);
      return listed ? depositView(listed.row, receiptUrlOf(uploads, baseUrl, listed.row)) : null;
    },
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
