/** The second officer's decision on a proposed action (maker-checker). */
import { eq } from 'drizzle-orm';
import { PORTFOLIO_MESSAGES as PM } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { approvalStep } from '../../platform/maker-checker.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import { applyOne } from './apply-corporate-action.ts';
import type { CorporateActionDeps } from './corporate-action-deps.ts';
import { ACTION, byId } from './corporate-action-rows.ts';
import { corporateActions } from './tables.ts';

/**
 * A second officer approves a proposed action; one whose ex-date has come is applied at
 * once (an action entered late is applied once, from the console, audited).
 */
export async function approveAction(
  deps: CorporateActionDeps,
  id: string,
  staffId: string,
  actor: Actor,
  today: string,
) {
  const { db, clock } = deps;
  const row = await inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(corporateActions)
      .where(eq(corporateActions.id, id))
      .for('update');
    if (!current) throw notFound(PM.actionNotFound);
    // The proposer is the first of two officers; the approver must be someone else.
    if (current.status === 'proposed')
      approvalStep(
        { approvalsRequired: 2, firstApprovedBy: current.proposedBy },
        staffId,
        PM.actionSameOfficer,
      );
    return applyTransition(tx, ACTION, 'approve', {
      id,
      at: clock.now(),
      set: { decidedBy: staffId, decidedAt: clock.now() },
      audit: { actor },
    });
  });
  if (row.exDate <= today) await applyOne(deps, row.id, actor);
  return byId(db, id);
}

export async function rejectAction(
  { db, clock }: Pick<CorporateActionDeps, 'db' | 'clock'>,
  id: string,
  staffId: string,
  reason: string,
  actor: Actor,
) {
  const why = reason.trim();
  if (!why) throw badRequest(PM.reasonRequired);
  await inTransaction(db, (tx) =>
    applyTransition(tx, ACTION, 'reject', {
      id,
      at: clock.now(),
      set: { decidedBy: staffId, decidedAt: clock.now(), rejectReason: why },
      audit: { actor, details: () => ({ reason: why }) },
    }),
  );
  return byId(db, id);
}
