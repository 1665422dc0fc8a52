/**
 * A posting's lines as the database functions take them (checked, bucketed, in the global lock
 * order), and what the caller hears back: the rows moved, or why the posting was refused.
 */
import {
  CLIENT_ACCOUNTS,
  FIRM_ACCOUNTS,
  type TClientAccount,
  type TFirmAccount,
} from '@sampada/shared';
import { conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import {
  type AccountRef,
  InsufficientBalance,
  isGuarded,
  type Posted,
  type PostingInput,
} from './posting-input.ts';
import { INSUFFICIENT_BALANCE, type LineRow } from './postings.ts';

const KIND_PATTERN = /^[a-z][a-z_]{1,39}$/;

/** Throws on a posting that could never be right: a bug in the caller, not a user error. */
export function assertWellFormed(input: PostingInput) {
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
export const bucketOf = (ref: AccountRef) =>
  ref.clientId === null ? Math.floor(Math.random() * FIRM_BUCKETS) : 0;

/** Locks are taken in one global order, so two postings never wait on each other in a cycle. */
export const lockOrder = (line: LineRow) =>
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
export function prepared(input: PostingInput, bucket: (ref: AccountRef) => number) {
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
export type Prepared = ReturnType<typeof prepared>;

export const postingRow = (input: PostingInput, createdAt: Date) => ({
  kind: input.kind,
  clientId: input.clientId ?? null,
  memo: input.memo.trim(),
  reference: input.reference ?? null,
  idempotencyKey: input.idempotencyKey ?? null,
  createdAt,
});

/** The lines in the caller's order, with the rows the database moved and their balances. */
export function posted(
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
export function refusal(
  error: unknown,
  lineAt: (detail: string) => AccountRef | undefined,
): unknown {
  if (isUniqueViolation(error, 'ledger_postings_idempotency_key_unique'))
    return conflict('This money movement has already been recorded.');
  const detail = insufficientDetail(error);
  const account = detail === null ? undefined : lineAt(detail);
  return account ? new InsufficientBalance(account) : error;
}
