/**
 * The double-entry ledger (domain.md "Money"). Every balance change is a posting whose lines
 * sum to zero, written in the caller's transaction together with the balance moves, so a
 * deposit's status and its credit commit or roll back as one. Amounts are integer paise.
 *
 * Sign convention: a line's amount is signed from the account holder's side; a client's
 * cash is positive when the firm owes it to them, so the firm's bank_clearing carries the
 * opposite (negative by the cash clients hold with the firm).
 */
import { sql } from 'drizzle-orm';
import {
  CLIENT_ACCOUNTS,
  FIRM_ACCOUNTS,
  FM,
  type TClientAccount,
  type TFirmAccount,
} from '@sampada/shared';
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import {
  accountsOfClient,
  clientAccountsTotal,
  clientsWithCash,
  firmAccounts,
} from './accounts.ts';
import { clientsWithCashThroughout } from './cash-throughout.ts';
import {
  balanceBefore,
  INSUFFICIENT_BALANCE,
  type LineFilter,
  type LineRow,
  linesOf,
  linesOfPostings,
  postingById,
  postingsTouching,
  postBatch,
  postLines,
  reservePostingIds,
} from './postings.ts';
import { reconciliationFacts } from './reconciliation.ts';
import { ledgerAccounts, ledgerLines } from './tables.ts';

export type AccountRef =
  { clientId: string; kind: TClientAccount } | { clientId: null; kind: TFirmAccount };

export const clientAccount = (clientId: string, kind: TClientAccount): AccountRef => ({
  clientId,
  kind,
});
export const firmAccount = (kind: TFirmAccount): AccountRef => ({ clientId: null, kind });

/** Accounts whose balance may never go below zero. */
const GUARDED: ReadonlySet<string> = new Set<TClientAccount>(['cash_available', 'cash_on_hold']);
export const isGuarded = (ref: AccountRef) => ref.clientId !== null && GUARDED.has(ref.kind);

export type PostingLine = { account: AccountRef; amount: bigint };
export type PostingInput = {
  /** What happened, e.g. 'deposit', 'withdrawal_hold' (fund records filter by it). */
  kind: string;
  /** The client the posting is about, if any. */
  clientId?: string | null;
  memo: string;
  /** What the posting settles, e.g. 'deposit:<uuid>'. */
  reference?: string | null;
  lines: PostingLine[];
  /** The database refuses a second posting under the same key (409). */
  idempotencyKey?: string | null;
};
export type Posted = {
  postingId: number;
  createdAt: Date;
  /**
   * Per line, in the caller's order: the row moved (a firm line's is one of its account's
   * buckets) and that row's balance after the line.
   */
  lines: { account: AccountRef; accountId: number; amount: bigint; balanceAfter: bigint }[];
};

export type TransferInput = Omit<PostingInput, 'lines'> & {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
};

/** A two-line posting: `amount` leaves `from` and arrives in `to`. */
export function transferPosting(input: TransferInput): PostingInput {
  const { from, to, amount, ...rest } = input;
  if (amount <= 0n) throw new Error('A transfer moves a positive amount');
  return {
    ...rest,
    lines: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
  };
}

/** Postings whose ids are known before they are written (reserveMany). */
export type ReservedPostings = { postingIds: number[]; post(): Promise<Posted[]> };

/** A guarded account would go negative; the posting (and its transaction) does not happen. */
export class InsufficientBalance extends AppError {
  constructor(
    readonly account: AccountRef,
    message: string = FM.beyondBalance,
  ) {
    super(400, message);
  }
}

export type LedgerDiscrepancy = {
  check: 'total' | 'posting' | 'account_balance' | 'negative_balance' | 'empty_posting';
  message: string;
};
export type LedgerCheck = {
  ok: boolean;
  counts: { accounts: number; postings: number; lines: number };
  discrepancies: LedgerDiscrepancy[];
};

const KIND_PATTERN = /^[a-z][a-z_]{1,39}$/;

/** Throws on a posting that could never be right: a bug in the caller, not a user error. */
function assertWellFormed(input: PostingInput) {
  if (!KIND_PATTERN.test(input.kind)) throw new Error(`Bad posting kind ${input.kind}`);
  if (!input.memo.trim() || input.memo.length > 300) throw new Error('A posting needs a memo');
  if (input.lines.length < 2) throw new Error('A posting needs at least two lines');
  let sum = 0n;
  for (const { account, amount } of input.lines) {
    if (typeof amount !== 'bigint' || amount === 0n) throw new Error('Line amounts are non-zero');
    const known =
      account.clientId === null
        ? FIRM_ACCOUNTS.includes(account.kind as TFirmAccount)
        : CLIENT_ACCOUNTS.includes(account.kind as TClientAccount);
    if (!known) throw new Error(`Unknown account ${account.kind}`);
    sum += amount;
  }
  if (sum !== 0n) throw new Error(`Posting lines sum to ${sum}, not zero`);
}

/**
 * Firm accounts (bank clearing, fees, taxes, escrow, settlement) are crossed by most postings,
 * so each is FIRM_BUCKETS rows and a posting moves one picked at random: concurrent postings
 * mostly lock different rows instead of queueing on one. Firm accounts are never guarded, so a
 * bucket may go either way; the account's balance is the sum of its buckets (firmBalances).
 * Client accounts stay one row, where the guarded UPDATE needs the whole balance.
 */
export const FIRM_BUCKETS = 16;
const bucketOf = (ref: AccountRef) =>
  ref.clientId === null ? Math.floor(Math.random() * FIRM_BUCKETS) : 0;

/** Locks are taken in one global order, so two postings never wait on each other in a cycle. */
const lockOrder = (line: LineRow) =>
  `${line.clientId ?? ''}|${line.kind}|${String(line.bucket).padStart(3, '0')}`;

/**
 * Where ledger_post reported a guarded debit that found too little, if that was it: the line's
 * position ("2"), or from ledger_post_many the posting's and the line's ("3:2").
 */
function insufficientDetail(error: unknown): string | null {
  for (let e = error as { code?: string; detail?: string; cause?: unknown } | undefined; e;) {
    if (e.code === INSUFFICIENT_BALANCE) return e.detail ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

/** A posting's lines as the database takes them, sorted into the global lock order. */
function prepared(input: PostingInput, bucket: (ref: AccountRef) => number) {
  assertWellFormed(input);
  return input.lines
    .map((line, index) => ({
      index,
      account: line.account,
      row: {
        clientId: line.account.clientId,
        kind: line.account.kind,
        bucket: bucket(line.account),
        amount: line.amount,
        guarded: isGuarded(line.account),
        position: index,
      },
    }))
    .sort((a, b) => lockOrder(a.row).localeCompare(lockOrder(b.row)));
}
type Prepared = ReturnType<typeof prepared>;

const postingRow = (input: PostingInput, createdAt: Date) => ({
  kind: input.kind,
  clientId: input.clientId ?? null,
  memo: input.memo.trim(),
  reference: input.reference ?? null,
  idempotencyKey: input.idempotencyKey ?? null,
  createdAt,
});

/** The lines in the caller's order, with the rows the database moved and their balances. */
function posted(
  ordered: Prepared,
  written: { postingId: number; accountIds: number[]; balances: bigint[] },
  createdAt: Date,
): Posted {
  const lines: Posted['lines'] = new Array(ordered.length);
  ordered.forEach((line, at) => {
    lines[line.index] = {
      account: line.account,
      accountId: written.accountIds[at]!,
      amount: line.row.amount,
      balanceAfter: written.balances[at]!,
    };
  });
  return { postingId: written.postingId, createdAt, lines };
}

/** What the caller hears for a posting the database refused; the error itself otherwise. */
function refusal(error: unknown, lineAt: (detail: string) => AccountRef | undefined): unknown {
  if (isUniqueViolation(error, 'ledger_postings_idempotency_key_unique'))
    return conflict('This money movement has already been recorded.');
  const detail = insufficientDetail(error);
  const account = detail === null ? undefined : lineAt(detail);
  return account ? new InsufficientBalance(account) : error;
}

export function createLedgerService({ db, clock }: { db: Db; clock: Clock }) {
  /**
   * Writes a posting in the caller's transaction: one round trip to the database function
   * ledger_post. A guarded debit that finds too little raises there, which aborts the caller's
   * transaction: nothing of the posting (or of the caller's work) is left half-written.
   */
  async function post(tx: Tx, input: PostingInput): Promise<Posted> {
    const createdAt = clock.now();
    const ordered = prepared(input, bucketOf);
    try {
      return posted(
        ordered,
        await postLines(
          tx,
          postingRow(input, createdAt),
          ordered.map((l) => l.row),
        ),
        createdAt,
      );
    } catch (error) {
      throw refusal(error, (detail) => ordered[Number(detail) - 1]?.account);
    }
  }

  /**
   * A batch as ledger_post_many takes it, checked now. Each firm account is moved through one
   * bucket for the whole batch: the batch holds its rows until commit anyway, so spreading it
   * over more buckets would only lock more rows.
   */
  function batchOf(inputs: PostingInput[]) {
    const firmBucket = new Map<string, number>();
    const bucket = (ref: AccountRef) => {
      if (ref.clientId !== null) return 0;
      if (!firmBucket.has(ref.kind)) firmBucket.set(ref.kind, bucketOf(ref));
      return firmBucket.get(ref.kind)!;
    };
    const batch = inputs.map((input) => ({ input, ordered: prepared(input, bucket) }));
    const locks = new Map<string, LineRow>();
    for (const { ordered } of batch) for (const { row } of ordered) locks.set(lockOrder(row), row);
    /** Writes the batch in one round trip: every row locked first, in the global lock order. */
    return async function write(tx: Tx, postingIds: number[] | null): Promise<Posted[]> {
      const createdAt = clock.now();
      let written: Awaited<ReturnType<typeof postBatch>>;
      try {
        written = await postBatch(
          tx,
          [...locks.keys()].sort((a, b) => a.localeCompare(b)).map((key) => locks.get(key)!),
          batch.map(({ input, ordered }) => ({
            posting: postingRow(input, createdAt),
            lines: ordered.map((l) => l.row),
          })),
          postingIds,
        );
      } catch (error) {
        throw refusal(error, (detail) => {
          const [postingAt, lineAt] = detail.split(':').map(Number);
          return batch[postingAt! - 1]?.ordered[lineAt! - 1]?.account;
        });
      }
      return batch.map(({ ordered }, at) => posted(ordered, written[at]!, createdAt));
    };
  }

  /**
   * Writes many postings in the caller's transaction in one round trip (ledger_post_many),
   * each as post() would, in turn. All or nothing: one refused posting aborts the caller's
   * transaction.
   */
  async function postMany(tx: Tx, inputs: PostingInput[]): Promise<Posted[]> {
    return inputs.length === 0 ? [] : batchOf(inputs)(tx, null);
  }

  /**
   * postMany in two steps, for a caller that does more in its transaction than post: the
   * postings' ids now (one round trip, no account row touched), the postings when the caller
   * calls post() — last, just before commit. The rows a batch locks (every client it credits, a
   * firm bucket) are then held for its own statement and the commit only, not while the caller
   * links its rows to the postings, audits and builds its answer: a concurrent batch naming the
   * same clients waits that much less (decision 003, addendum 3). Ids reserved and never posted
   * are only a gap in the sequence; whatever named them fails its foreign key at commit.
   */
  async function reserveMany(tx: Tx, inputs: PostingInput[]): Promise<ReservedPostings> {
    if (inputs.length === 0) return { postingIds: [], post: async () => [] };
    const write = batchOf(inputs);
    const postingIds = await reservePostingIds(tx, inputs.length);
    let posting: Promise<Posted[]> | undefined;
    return { postingIds, post: () => (posting ??= write(tx, postingIds)) };
  }

  /** The ids and balances of a client's accounts (those that exist yet). */
  async function accountsOf(clientId: string, executor: Executor = db) {
    return accountsOfClient(executor, clientId);
  }

  return {
    post,
    postMany,
    reserveMany,

    /** A two-line posting: `amount` leaves `from` and arrives in `to`. */
    transfer(tx: Tx, input: TransferInput) {
      return post(tx, transferPosting(input));
    },

    /**
     * A posting id drawn inside another statement (a step's UPDATE that records it), so the
     * caller spends no round trip on reserving it; postAs() then writes the posting under it.
     * As with reserveMany, the row naming it is checked against the posting at commit.
     */
    nextPostingId: () => sql<number>`nextval(pg_get_serial_sequence('ledger_postings', 'id'))`,

    /** Writes one posting under an id drawn with nextPostingId(), in one round trip. */
    async postAs(tx: Tx, input: PostingInput, postingId: number): Promise<Posted> {
      const [written] = await batchOf([input])(tx, [postingId]);
      return written!;
    },

    accountsOf,

    /** Every client account kind with its balance; 0 for an account not opened yet. */
    async balancesOf(
      clientId: string,
      executor: Executor = db,
    ): Promise<Record<TClientAccount, bigint>> {
      const rows = await accountsOf(clientId, executor);
      const balances = Object.fromEntries(CLIENT_ACCOUNTS.map((k) => [k, 0n])) as Record<
        TClientAccount,
        bigint
      >;
      for (const row of rows) balances[row.kind as TClientAccount] = row.balance;
      return balances;
    },

    async firmBalances(executor: Executor = db): Promise<Record<TFirmAccount, bigint>> {
      const rows = await firmAccounts(executor);
      const balances = Object.fromEntries(FIRM_ACCOUNTS.map((k) => [k, 0n])) as Record<
        TFirmAccount,
        bigint
      >;
      for (const row of rows) balances[row.kind as TFirmAccount] = row.balance;
      return balances;
    },

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
    async linesOfClient(
      clientId: string,
      filter: Omit<LineFilter, 'accountIds'>,
      executor: Executor = db,
    ) {
      const accounts = await accountsOf(clientId, executor);
      const kindOf = new Map(accounts.map((a) => [a.id, a.kind as TClientAccount]));
      const rows = await linesOf(executor, { ...filter, accountIds: [...kindOf.keys()] });
      return rows.map((row) => ({ ...row, account: kindOf.get(row.accountId)! }));
    },

    /** Clients whose accounts moved in [from, to): who gets a period's statement. */
    async clientsWithLines(from: Date, to: Date, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .selectDistinct({ clientId: ledgerAccounts.clientId })
        .from(ledgerLines)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
        .where(
          and(
            gte(ledgerLines.createdAt, from),
            lt(ledgerLines.createdAt, to),
            isNotNull(ledgerAccounts.clientId),
          ),
        )
        .orderBy(ledgerAccounts.clientId);
      return rows.map((r) => r.clientId!);
    },

    /** A client's balance of each account just before `at` (the statement's opening). */
    async openingBalances(clientId: string, at: Date, executor: Executor = db) {
      const accounts = await accountsOf(clientId, executor);
      const balances = new Map<TClientAccount, bigint>();
      for (const account of accounts)
        balances.set(account.kind as TClientAccount, await balanceBefore(executor, account.id, at));
      return balances;
    },

    /** Postings that moved any of a client's accounts, newest first, with all their lines. */
    async postingsOfClient(clientId: string, beforeId: number | undefined, limit: number) {
      const accounts = await accountsOf(clientId);
      const postings = await postingsTouching(
        db,
        accounts.map((a) => a.id),
        beforeId,
        limit,
      );
      const lines = await linesOfPostings(
        db,
        postings.map((p) => p.id),
      );
      return postings.map((p) => ({ ...p, lines: lines.filter((l) => l.postingId === p.id) }));
    },

    /** One posting with its lines, or null. */
    async posting(id: number, executor: Executor = db) {
      const row = await postingById(executor, id);
      if (!row) return null;
      return { ...row, lines: await linesOfPostings(executor, [id]) };
    },

    /**
     * Reconciliation: all lines sum to zero, each posting balances and has two lines or more,
     * each account's cached balance equals the sum of its lines, and no guarded account is
     * negative. Read in one repeatable-read snapshot, so concurrent postings cannot skew it.
     */
    async check(sample = 20): Promise<LedgerCheck> {
      const facts = await db.transaction(async (tx) => reconciliationFacts(tx, sample), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      const discrepancies: LedgerDiscrepancy[] = [];
      if (BigInt(facts.counts.total) !== 0n)
        discrepancies.push({
          check: 'total',
          message: `All lines sum to ${facts.counts.total} paise, not 0.`,
        });
      for (const p of facts.unbalanced)
        discrepancies.push({
          check: 'posting',
          message: `Posting ${p.posting_id} sums to ${p.total} paise, not 0.`,
        });
      for (const p of facts.empty)
        discrepancies.push({
          check: 'empty_posting',
          message: `Posting ${p.id} has fewer than two lines.`,
        });
      for (const a of facts.drifted)
        discrepancies.push({
          check: 'account_balance',
          message: `Account ${a.id} (${a.owner} ${a.kind}) caches ${a.cached} paise but its lines sum to ${a.sum}.`,
        });
      for (const a of facts.negative)
        discrepancies.push({
          check: 'negative_balance',
          message: `Account ${a.id} (${a.owner} ${a.kind}) is negative: ${a.balance} paise.`,
        });
      return {
        ok: discrepancies.length === 0,
        counts: {
          accounts: Number(facts.counts.accounts),
          postings: Number(facts.counts.postings),
          lines: Number(facts.counts.lines),
        },
        discrepancies,
      };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
