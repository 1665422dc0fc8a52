/**
 * Leased delivery from an outbox table (decisions 031 and 042): the mail outbox and connect's
 * postbacks. A row waits until `next_attempt_at`; a pass claims due rows with `FOR UPDATE SKIP
 * LOCKED`, counting the attempt and leasing the row (`next_attempt_at = now + lease`); the
 * sender works outside any transaction and settles the row guarded on the claim it made (status
 * and attempt number). A sender that dies mid-send leaves the lease to run out and any pass
 * takes the row back: nothing is lost, and two passes never hold one row at once (a delivery
 * may, rarely, go twice: a sender slower than its lease, or one that dies after the receiver
 * took it and before the row says so).
 */
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import type { Transition } from './transitions.ts';

/** The columns every outbox table has, under these names. */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
};

/** An outbox's lifecycle as data: each step's guard is `status in (from)`. */
export type OutboxSteps<S extends string> = {
  /** Waiting (or leased and run out) → being sent. */
  claim: Transition<S>;
  deliver: Transition<S>;
  /** Back to waiting, until the row's next attempt. */
  retry: Transition<S>;
  fail: Transition<S>;
};

type RowOf<T extends OutboxTable> = T['$inferSelect'];

/** Claims up to `limit` due rows (oldest due first), leased for `leaseMs`. */
export async function claimDue<T extends OutboxTable, S extends string>(
  db: Executor,
  table: T,
  steps: OutboxSteps<S>,
  options: { now: Date; leaseMs: number; limit: number },
): Promise<RowOf<T>[]> {
  const { now } = options;
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(inArray(table.status, [...steps.claim.from]), lte(table.nextAttemptAt, now)))
    .orderBy(asc(table.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const set = {
    status: steps.claim.to,
    attempts: sql`${table.attempts} + 1`,
    nextAttemptAt: new Date(now.getTime() + options.leaseMs),
  };
  return (await db
    .update(table)
    .set(set as PgUpdateSetSource<T>)
    .where(inArray(table.id, due))
    .returning()) as RowOf<T>[];
}

/** How one claimed attempt went: delivered (with the fields that record it), or an error. */
export type Outcome<T extends OutboxTable> =
  | { delivered: PgUpdateSetSource<T> }
  /** `retryAt` null: no attempt is left, the row has failed. */
  | { error: string; retryAt: Date | null };

/**
 * Records an attempt's outcome on the row `claimed` (as its claim returned it), only while the
 * claim still holds: a sender whose lease ran out and was taken back records nothing. Answers
 * whether it recorded.
 */
export async function settle<T extends OutboxTable, S extends string>(
  db: Executor,
  table: T,
  steps: OutboxSteps<S>,
  claimed: { id: unknown; attempts: number },
  at: Date,
  outcome: Outcome<T>,
): Promise<boolean> {
  const guard: SQL | undefined = and(
    eq(table.id, claimed.id),
    inArray(table.status, [...steps.deliver.from]),
    eq(table.attempts, claimed.attempts),
  );
  const set =
    'delivered' in outcome
      ? { ...outcome.delivered, status: steps.deliver.to }
      : {
          status: outcome.retryAt ? steps.retry.to : steps.fail.to,
          nextAttemptAt: outcome.retryAt ?? at,
          lastError: outcome.error.slice(0, 500),
        };
  const moved = await db
    .update(table)
    .set(set as PgUpdateSetSource<T>)
    .where(guard)
    .returning({ id: table.id });
  return moved.length > 0;
}

/**
 * Runs `pass` now and every `everyMs`; a pass never overlaps the one before (a slow one makes
 * the next wait). Answers the stop, which waits for a pass in progress.
 */
export function everyPass(
  everyMs: number,
  pass: () => Promise<unknown>,
  log: (message: string, error: unknown) => void,
  what: string,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= pass()
      .then(() => undefined)
      .catch((error: unknown) => log(`${what} failed`, error))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
