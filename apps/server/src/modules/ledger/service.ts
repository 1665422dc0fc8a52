/**
 * The double-entry ledger (domain.md "Money"). Every balance change is a posting whose lines
 * sum to zero, written in the caller's transaction together with the balance moves, so a
 * deposit's status and its credit commit or roll back as one. Amounts are integer paise.
 *
 * Sign convention: a line's amount is signed from the account holder's side; a client's
 * cash is positive when the firm owes it to them, so the firm's bank_clearing carries the
 * opposite (negative by the cash clients hold with the firm).
 *
 * This file wires the use cases: writing postings (write-postings.ts), balances
 * (read-balances.ts), lines and postings (read-lines.ts), reconciliation (check-ledger.ts).
 */
import { sql } from 'drizzle-orm';
import type { TClientAccount } from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { accountsOfClient, clientAccountsTotal, clientsWithCash } from './accounts.ts';
import { clientsWithCashThroughout } from './cash-throughout.ts';
import { checkLedger, type LedgerCheck } from './check-ledger.ts';
import type { LedgerDeps } from './ledger-deps.ts';
import { type PostingInput, transferPosting, type TransferInput } from './posting-input.ts';
import type { LineFilter } from './postings.ts';
import { balancesOf, balancesOfMany, firmBalances, openingBalances } from './read-balances.ts';
import {
  clientsWithLines,
  linesOfClient,
  postingsOfClient,
  postingsWithReference,
  postingWithLines,
} from './read-lines.ts';
import { post, postAs, postMany, postManyStatement, reserveMany } from './write-postings.ts';

export {
  type AccountRef,
  clientAccount,
  firmAccount,
  InsufficientBalance,
  isGuarded,
  type Posted,
  type PostingInput,
  type PostingLine,
  type ReservedPostings,
  transferPosting,
  type TransferInput,
} from './posting-input.ts';
export { FIRM_BUCKETS } from './posting-rows.ts';
export { postingPage } from './posting-page.ts';
export type { LedgerCheck, LedgerDiscrepancy } from './check-ledger.ts';

export function createLedgerService({ db, clock }: { db: Db; clock: Clock }) {
  const deps: LedgerDeps = { db, clock };
  return {
    post: (tx: Tx, input: PostingInput) => post(deps, tx, input),
    postMany: (tx: Tx, inputs: PostingInput[]) => postMany(deps, tx, inputs),
    reserveMany: (tx: Tx, inputs: PostingInput[]) => reserveMany(deps, tx, inputs),

    /** A two-line posting: `amount` leaves `from` and arrives in `to`. */
    transfer(tx: Tx, input: TransferInput) {
      return post(deps, tx, transferPosting(input));
    },

    /**
     * A posting id drawn inside another statement (a step's UPDATE that records it), so the
     * caller spends no round trip on reserving it; postAs() then writes the posting under it.
     * As with reserveMany, the row naming it is checked against the posting at commit.
     */
    nextPostingId: () => sql<number>`nextval(pg_get_serial_sequence('ledger_postings', 'id'))`,

    /** Writes one posting under an id drawn with nextPostingId(), in one round trip. */
    postAs: (tx: Tx, input: PostingInput, postingId: number) => postAs(deps, tx, input, postingId),

    /**
     * postMany, or the same under ids drawn with nextPostingId(), as a statement to send inside another (decision
     * 081): a SELECT of one row a posting written, so the batch can check it wrote them all.
     */
    postManyStatement: (
      inputs: PostingInput[],
      postingIds: number[] | null = null,
      createdAt?: Date,
    ) => postManyStatement(deps, inputs, postingIds, createdAt),

    /** The ids and balances of a client's accounts (those that exist yet). */
    accountsOf: async (clientId: string, executor: Executor = db) =>
      accountsOfClient(executor, clientId),

    /** Every client account kind with its balance; 0 for an account not opened yet. */
    balancesOf: (clientId: string, executor: Executor = db) => balancesOf(executor, clientId),
    /** Several clients' balances in one read (engagement's computations of many). */
    balancesOfMany: (clientIds: readonly string[]) => balancesOfMany(db, clientIds),

    firmBalances: (executor: Executor = db) => firmBalances(executor),

    clientTotal: (kind: TClientAccount, executor: Executor = db) =>
      clientAccountsTotal(executor, kind),

    /** Clients holding any cash with the firm (running-account settlement visits these). */
    clientsWithCash: (executor: Executor = db) => clientsWithCash(executor),

    /** Of `clientIds`, those whose cash never ran out in [from, to) (cash-throughout.ts). */
    clientsWithCashThroughout: (
      clientIds: string[],
      from: Date,
      to: Date,
      executor: Executor = db,
    ) => clientsWithCashThroughout(executor, clientIds, from, to),

    /** Lines of a client's accounts, for fund records and statements. */
    linesOfClient: (
      clientId: string,
      filter: Omit<LineFilter, 'accountIds'>,
      executor: Executor = db,
    ) => linesOfClient(executor, clientId, filter),

    /** Clients whose accounts moved in [from, to): who gets a period's statement. */
    clientsWithLines: (from: Date, to: Date, executor: Executor = db) =>
      clientsWithLines(executor, from, to),

    /** A client's balance of each account just before `at` (the statement's opening). */
    openingBalances: (clientId: string, at: Date, executor: Executor = db) =>
      openingBalances(executor, clientId, at),

    /** Postings that moved any of a client's accounts, newest first, with all their lines. */
    postingsOfClient: (clientId: string, beforeId: number | undefined, limit: number) =>
      postingsOfClient(db, clientId, beforeId, limit),

    /** Postings that settle `reference` ('loan:<id>'), newest first, with all their lines. */
    postingsOfReference: (reference: string, beforeId: number | undefined, limit: number) =>
      postingsWithReference(db, reference, beforeId, limit),

    /** One posting with its lines, or null. */
    posting: (id: number, executor: Executor = db) => postingWithLines(executor, id),

    /** Reconciliation (check-ledger.ts), in one repeatable-read snapshot. */
    check: (sample = 20): Promise<LedgerCheck> => checkLedger(db, sample),
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
