/** What a posting is made of, as callers build it and hear it back. */
import { FM, type TClientAccount, type TFirmAccount } from '@sampada/shared';
import { AppError } from '../../platform/errors.ts';

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
