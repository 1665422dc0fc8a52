/**
 * The checker's step (maker-checker, platform/maker-checker.ts): a second officer — never the
 * one who prepared the batch — approves it, and its lines are paid (pay.ts); or rejects it
 * with a reason. The approval is taken on the batch row locked FOR UPDATE and guarded in its
 * UPDATE as well, so two racing approvals cannot both count. A batch left `approved` with
 * lines unpaid (a crash mid-way) is finished by `resume`, which pays only what is pending.
 * A batch the leader's job prepared (no preparing officer) is the system's making, so any one
 * officer is its checker (decision 052); its UPDATE is guarded on that too.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { SETTLEMENT_MSG as SM } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { approvalStep, secondOfficerWhere } from '../../platform/maker-checker.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition, type TransitionEvents } from '../../platform/transitions.ts';
import { BATCH } from './lifecycle.ts';
import type { createPayLine } from './pay.ts';
import { settlementBatches, settlementLines } from './tables.ts';

type Deps = {
  db: Db;
  clock: Clock;
  payLine: ReturnType<typeof createPayLine>;
  events?: TransitionEvents | undefined;
};

export function createDecisions({ db, clock, payLine, events }: Deps) {
  async function batchRow(id: string) {
    const [row] = await db.select().from(settlementBatches).where(eq(settlementBatches.id, id));
    if (!row) throw notFound(SM.batchNotFound);
    return row;
  }

  /** Pays every line still pending of an approved batch, then marks the batch paid. */
  async function resume(batchId: string, actor: Actor) {
    const batch = await batchRow(batchId);
    if (batch.status !== 'approved') return;
    const pending = await db
      .select({ id: settlementLines.id })
      .from(settlementLines)
      .where(and(eq(settlementLines.batchId, batchId), eq(settlementLines.status, 'pending')))
      .orderBy(asc(settlementLines.clientId));
    for (const line of pending) await payLine(batch, line.id, batch.decidedBy!, actor);
    try {
      await inTransaction(db, (tx) =>
        applyTransition(tx, BATCH, 'complete', {
          id: batchId,
          at: clock.now(),
          set: { paidAt: clock.now() },
          audit: { actor, details: () => ({ lines: pending.length }) },
          events,
        }),
      );
    } catch (error) {
      // A concurrent resume completed it first: the batch is paid either way.
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }

  async function approve(batchId: string, staffId: string, actor: Actor) {
    await inTransaction(db, async (tx) => {
      const [current] = await tx
        .select()
        .from(settlementBatches)
        .where(eq(settlementBatches.id, batchId))
        .for('update');
      if (!current) throw notFound(SM.batchNotFound);
      const byJob = current.preparedBy === null;
      if (current.status === 'prepared' && !byJob)
        approvalStep(
          { approvalsRequired: 2, firstApprovedBy: current.preparedBy },
          staffId,
          SM.sameOfficer,
        );
      return applyTransition(tx, BATCH, 'approve', {
        id: batchId,
        at: clock.now(),
        where: byJob
          ? isNull(settlementBatches.preparedBy)
          : secondOfficerWhere(settlementBatches.preparedBy, staffId),
        set: { decidedBy: staffId, decidedAt: clock.now() },
        audit: { actor, details: () => ({ staffId, date: current.settlementDate }) },
        events,
      });
    });
    await resume(batchId, actor);
  }

  async function reject(batchId: string, staffId: string, reason: string, actor: Actor) {
    const why = reason.trim();
    if (!why) throw badRequest(SM.reasonRequired);
    await inTransaction(db, (tx) =>
      applyTransition(tx, BATCH, 'reject', {
        id: batchId,
        at: clock.now(),
        set: { decidedBy: staffId, decidedAt: clock.now(), rejectReason: why },
        audit: { actor, details: () => ({ staffId, reason: why }) },
        events,
      }),
    );
  }

  return { approve, reject, resume, batchRow };
}
