/**
 * An officer's approval, of the amount claimed or (partly) less. With one approval needed
 * it decides; above the threshold the first officer's proposal is recorded and a different
 * officer's approval decides it at that amount. The row is locked first, so concurrent
 * decisions line up: the second finds the claim decided (409).
 */
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { CPM, formatPaise, type TClaimStatus } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { approvalStep, approvalsFor, secondOfficerWhere } from '../../platform/maker-checker.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { claimDecider } from './claim-access.ts';
import { consoleClaimDetail } from './claim-console-views.ts';
import {
  type ClaimDeps,
  DECIDABLE,
  type DecideOptions,
  type DecideWith,
  staffEvent,
} from './claim-deps.ts';
import { claimSettings } from './claim-settings.ts';
import { applyClaimTransition, type ClaimRow, recordClaimEvent } from './lifecycle.ts';
import { compensationClaims } from './tables.ts';

type Approval = { amount?: bigint | undefined; reason: string };
/** One approval in flight: the locked row, what the officer asked, and when. */
type Step = {
  tx: Tx;
  claimId: string;
  row: ClaimRow;
  input: Approval;
  options: DecideOptions;
  now: Date;
};

export async function approveClaim(
  deps: ClaimDeps,
  claimId: string,
  input: Approval,
  options: DecideWith,
) {
  await claimDecider(deps, options.staffId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) =>
    consoleClaimDetail(
      deps,
      await approveIn(deps, tx, claimId, input, options),
      options.baseUrl ?? null,
      tx,
    ),
  );
}

async function approveIn(
  deps: ClaimDeps,
  tx: Tx,
  claimId: string,
  input: Approval,
  options: DecideOptions,
) {
  const [row] = await tx
    .select()
    .from(compensationClaims)
    .where(eq(compensationClaims.id, claimId))
    .for('update');
  if (!row) throw notFound(CPM.claimNotFound);
  if (!DECIDABLE.includes(row.status as TClaimStatus))
    throw conflict(CPM.alreadyStatus(row.status as TClaimStatus));
  const step: Step = { tx, claimId, row, input, options, now: deps.clock.now() };
  if (row.firstApprovedBy === null) return firstApproval(deps, step);
  approvalStep(row, options.staffId, CPM.secondApprovalSameOfficer);
  const amount = row.proposedPaise ?? row.amountClaimedPaise;
  if (input.amount !== undefined && input.amount !== amount)
    throw badRequest(
      `The second approval confirms the first officer’s amount of ${formatPaise(amount)}; reject the claim or ask for information to start again.`,
    );
  return (
    await decide(
      deps,
      step,
      amount,
      { secondApprovedBy: options.staffId },
      secondOfficerWhere(compensationClaims.firstApprovedBy, options.staffId),
    )
  ).row;
}

/** The first officer's: it decides a claim under the threshold, else it is a proposal. */
async function firstApproval(deps: ClaimDeps, step: Step) {
  const { tx, row, input, options, now } = step;
  const amount = input.amount ?? row.amountClaimedPaise;
  if (amount > row.amountClaimedPaise) throw badRequest(CPM.partAmountRequired);
  const { approval_threshold_paise: threshold } = await claimSettings(deps, tx);
  if (approvalsFor(amount, BigInt(threshold)) === 1)
    return (
      await decide(
        deps,
        step,
        amount,
        { approvalsRequired: 1, firstApprovedBy: options.staffId, firstApprovedAt: now },
        isNull(compensationClaims.firstApprovedBy),
      )
    ).row;
  return recordProposal(deps, step, amount);
}

/** Above the threshold: the first officer's amount waits for a second officer. */
async function recordProposal(deps: ClaimDeps, step: Step, amount: bigint) {
  const { tx, claimId, row, input, options, now } = step;
  const [first] = await tx
    .update(compensationClaims)
    .set({
      approvalsRequired: 2,
      firstApprovedBy: options.staffId,
      firstApprovedAt: now,
      proposedPaise: amount,
      reason: input.reason,
      updatedAt: now,
    })
    .where(
      and(
        eq(compensationClaims.id, claimId),
        inArray(compensationClaims.status, DECIDABLE),
        isNull(compensationClaims.firstApprovedBy),
      ),
    )
    .returning();
  if (!first) throw conflict(CPM.alreadyStatus(row.status as TClaimStatus));
  await recordAudit(tx, options.actor, {
    action: 'compensation.approve_first',
    subjectType: 'compensation_claim',
    subjectId: claimId,
    before: { status: row.status, approvals: 0 },
    after: {
      status: row.status,
      approvals: 1,
      staffId: options.staffId,
      amountPaise: amount.toString(),
      reason: input.reason,
    },
  });
  await recordClaimEvent(tx, deps.clock, claimId, {
    kind: 'approve_first',
    by: 'staff',
    message: 'First approval given; a second officer reviews claims of this size.',
  });
  return first;
}

/** The deciding approval: approved, or partly approved below the amount claimed. */
async function decide(
  deps: ClaimDeps,
  step: Step,
  amount: bigint,
  set: Partial<ClaimRow>,
  where: SQL,
) {
  const { tx, claimId, row, input, options, now } = step;
  const partly = amount < row.amountClaimedPaise;
  return applyClaimTransition(tx, deps.clock, {
    events: deps.events,
    claimId,
    action: partly ? 'partly_approve' : 'approve',
    actor: options.actor,
    set: {
      ...set,
      amountApprovedPaise: amount,
      decidedBy: options.staffId,
      decidedAt: now,
      reason: input.reason,
    },
    where,
    event: staffEvent(
      partly
        ? `Partly approved: ${formatPaise(amount)} of ${formatPaise(row.amountClaimedPaise)}. ${input.reason}`
        : `Approved: ${formatPaise(amount)}. ${input.reason}`,
    ),
    audit: { staffId: options.staffId, amountPaise: amount.toString(), reason: input.reason },
  });
}
