/**
 * A loan's margin-call rows: the partial unique index allows one open call per loan and every
 * end is an UPDATE guarded on `status = 'open'`, so a second pass, or an officer racing the
 * monitor, finds it ended.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { TMarginCallStatus } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CallRow } from './margin-call-deps.ts';
import { loanMarginCalls, loans } from './tables.ts';

export async function openCall(tx: Tx, loanId: string) {
  const [row] = await tx
    .select()
    .from(loanMarginCalls)
    .where(and(eq(loanMarginCalls.loanId, loanId), eq(loanMarginCalls.status, 'open')));
  return row ?? null;
}

/** Ends an open call (met, invoked, ended) by the UPDATE guarded on its being open. */
export async function endCall(
  clock: Clock,
  tx: Tx,
  call: CallRow,
  status: Exclude<TMarginCallStatus, 'open'>,
  ltv: number | null,
  sold: { symbol: string; quantity: number }[] | null = null,
) {
  const [ended] = await tx
    .update(loanMarginCalls)
    .set({ status, endedAt: clock.now(), endedLtvBps: ltv, sold })
    .where(and(eq(loanMarginCalls.id, call.id), eq(loanMarginCalls.status, 'open')))
    .returning();
  return ended ?? null;
}

/** Open calls of loans no longer disbursed (closed, written off) end with them. */
export async function endOrphanCalls(clock: Clock, executor: Executor) {
  const gone = executor.select({ id: loans.id }).from(loans).where(ne(loans.status, 'disbursed'));
  await executor
    .update(loanMarginCalls)
    .set({ status: 'ended', endedAt: clock.now() })
    .where(and(eq(loanMarginCalls.status, 'open'), inArray(loanMarginCalls.loanId, gone)));
}
