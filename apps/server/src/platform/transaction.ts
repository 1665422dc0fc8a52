/**
 * Transactions that know when they have committed. A service runs its work through a
 * `TransactionRunner` (the idempotency layer passes one that claims its key in the same
 * transaction); what the work queues with `afterCommit` — a bus event — runs only once the
 * commit is done, and never when the transaction rolls back.
 */
import type { Db, Tx } from '../db/client.ts';

/**
 * Runs `fn` in one database transaction. Services that move money take one, defaulting to
 * `plainTransaction(db)`, so that the idempotency layer can claim its key in the same one.
 */
export type TransactionRunner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

const pending = new WeakMap<Tx, (() => void)[]>();

/** `db.transaction`, then what the work queued with `afterCommit`, in order. */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const queued: (() => void)[] = [];
  const result = await db.transaction((tx) => {
    pending.set(tx, queued);
    return fn(tx);
  });
  for (const run of queued) {
    try {
      run();
    } catch (error) {
      // The work has committed: what follows it must not turn that into a failure.
      console.warn('After-commit work failed:', error);
    }
  }
  return result;
}

export const plainTransaction =
  (db: Db): TransactionRunner =>
  (fn) =>
    inTransaction(db, fn);

/**
 * Queues `run` for after `tx` commits. `tx` must come from `inTransaction` (every
 * `TransactionRunner` here), not from a bare `db.transaction` or a savepoint inside one:
 * there would be no commit to wait for, so this refuses rather than run too early.
 */
export function afterCommit(tx: Tx, run: () => void): void {
  const queued = pending.get(tx);
  if (!queued)
    throw new Error('afterCommit needs a transaction opened by inTransaction or a runner');
  queued.push(run);
}

/**
 * Runs `run` once what `executor` wrote is committed: at once for the database itself (each
 * statement commits on its own), after the commit for a transaction from `inTransaction`.
 * Answers false, running nothing, for a transaction that cannot say when it commits.
 */
export function whenCommitted(executor: Db | Tx, run: () => void): boolean {
  if (!('rollback' in executor)) {
    run();
    return true;
  }
  const queued = pending.get(executor);
  if (!queued) return false;
  queued.push(run);
  return true;
}
