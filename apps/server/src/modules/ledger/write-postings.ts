/** Writing postings in the caller's transaction: one, many at once, or many under reserved ids. */
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { LedgerDeps } from './ledger-deps.ts';
import type { AccountRef, Posted, PostingInput, ReservedPostings } from './posting-input.ts';
import { bucketOf, lockOrder, posted, postingRow, prepared, refusal } from './posting-rows.ts';
import {
  type LineRow,
  postBatch,
  postBatchStatement,
  postLines,
  reservePostingIds,
} from './postings.ts';

/**
 * Writes a posting in the caller's transaction: one round trip to the database function
 * ledger_post. A guarded debit that finds too little raises there, which aborts the caller's
 * transaction: nothing of the posting (or of the caller's work) is left half-written.
 */
export async function post({ clock }: LedgerDeps, tx: Tx, input: PostingInput): Promise<Posted> {
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
export function batchOf({ clock }: LedgerDeps, inputs: PostingInput[]) {
  const firmBucket = new Map<string, number>();
  const bucket = (ref: AccountRef) => {
    if (ref.clientId !== null) return 0;
    if (!firmBucket.has(ref.kind)) firmBucket.set(ref.kind, bucketOf(ref));
    return firmBucket.get(ref.kind)!;
  };
  const batch = inputs.map((input) => ({ input, ordered: prepared(input, bucket) }));
  const locks = new Map<string, LineRow>();
  for (const { ordered } of batch) for (const { row } of ordered) locks.set(lockOrder(row), row);
  const lockRows = [...locks.keys()]
    .sort((x, y) => x.localeCompare(y))
    .map((key) => locks.get(key)!);
  const postingsAt = (createdAt: Date) =>
    batch.map(({ input, ordered }) => ({
      posting: postingRow(input, createdAt),
      lines: ordered.map((l) => l.row),
    }));
  /** Writes the batch in one round trip: every row locked first, in the global lock order. */
  async function write(tx: Tx, postingIds: number[] | null): Promise<Posted[]> {
    const createdAt = clock.now();
    let written: Awaited<ReturnType<typeof postBatch>>;
    try {
      written = await postBatch(tx, lockRows, postingsAt(createdAt), postingIds);
    } catch (error) {
      throw refusal(error, (detail) => {
        const [postingAt, lineAt] = detail.split(':').map(Number);
        return batch[postingAt! - 1]?.ordered[lineAt! - 1]?.account;
      });
    }
    return batch.map(({ ordered }, at) => posted(ordered, written[at]!, createdAt));
  }
  /** The same write as a statement to send inside another (decision 081); nothing answered. */
  const statement = (postingIds: number[] | null, createdAt = clock.now()) =>
    postBatchStatement(lockRows, postingsAt(createdAt), postingIds);
  return Object.assign(write, { statement });
}

/**
 * Writes many postings in the caller's transaction in one round trip (ledger_post_many),
 * each as post() would, in turn. All or nothing: one refused posting aborts the caller's
 * transaction.
 */
export async function postMany(
  deps: LedgerDeps,
  tx: Tx,
  inputs: PostingInput[],
): Promise<Posted[]> {
  return inputs.length === 0 ? [] : batchOf(deps, inputs)(tx, null);
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
export async function reserveMany(
  deps: LedgerDeps,
  tx: Tx,
  inputs: PostingInput[],
): Promise<ReservedPostings> {
  if (inputs.length === 0) return { postingIds: [], post: async () => [] };
  const write = batchOf(deps, inputs);
  const postingIds = await reservePostingIds(tx, inputs.length);
  let posting: Promise<Posted[]> | undefined;
  return { postingIds, post: () => (posting ??= write(tx, postingIds)) };
}

/**
 * postMany (or, given ids drawn with nextPostingId(), under them) as a statement, for a caller
 * that sends it inside another (decision 081): a SELECT of one row a posting written, each
 * created at `createdAt` (now unless the caller stamps its own rows with the same moment).
 */
export function postManyStatement(
  deps: LedgerDeps,
  inputs: PostingInput[],
  postingIds: number[] | null,
  createdAt?: Date,
): SQL {
  return batchOf(deps, inputs).statement(postingIds, createdAt);
}

/** Writes one posting under an id drawn with nextPostingId(), in one round trip. */
export async function postAs(
  deps: LedgerDeps,
  tx: Tx,
  input: PostingInput,
  postingId: number,
): Promise<Posted> {
  const [written] = await batchOf(deps, [input])(tx, [postingId]);
  return written!;
}
