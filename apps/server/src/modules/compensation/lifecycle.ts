/**
 * The claim lifecycle as data: the only moves there are. Every status change goes through
 * the platform's `applyTransition`: one UPDATE guarded on the current status, the step's own
 * work (the payment's posting), the audit row, and the event on the bus after commit; each
 * step also writes the claim's timeline event. Of two officers deciding at once, the second
 * finds the status gone and hears 409 with what the claim is now.
 */
import { CPM, paiseNumber, type TClaimStatus } from '@sampada/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import {
  applyTransition,
  lifecycle,
  type Transition,
  type TransitionEvents,
} from '../../platform/transitions.ts';
import { compensationClaims, compensationEvents } from './tables.ts';

export type ClaimAction =
  'review' | 'ask_info' | 'reply' | 'approve' | 'partly_approve' | 'reject' | 'pay' | 'withdraw';

const DECIDABLE: TClaimStatus[] = ['submitted', 'under_review'];

export const CLAIM_TRANSITIONS: Readonly<Record<ClaimAction, Transition<TClaimStatus>>> = {
  review: { from: ['submitted'], to: 'under_review' },
  ask_info: { from: DECIDABLE, to: 'info_requested' },
  reply: { from: ['info_requested'], to: 'under_review' },
  approve: { from: DECIDABLE, to: 'approved' },
  partly_approve: { from: DECIDABLE, to: 'partly_approved' },
  reject: { from: DECIDABLE, to: 'rejected' },
  pay: { from: ['approved', 'partly_approved'], to: 'paid' },
  withdraw: { from: ['submitted', 'under_review', 'info_requested'], to: 'withdrawn' },
};

export const CLAIM = lifecycle({
  name: 'compensation',
  subject: 'compensation_claim',
  table: compensationClaims,
  state: { field: 'status' },
  transitions: CLAIM_TRANSITIONS,
  refuse: (action, current: TClaimStatus | null) => {
    if (current === null) return notFound(CPM.claimNotFound);
    if (action === 'withdraw') return badRequest(CPM.cannotWithdraw);
    if (action === 'reply') return badRequest(CPM.cannotReply);
    if (action === 'pay') return conflict(CPM.cannotPay(current));
    return conflict(CPM.alreadyStatus(current));
  },
  // What was decided or paid once decided, what was asked for before.
  notice: (row) => ({
    type: 'amount',
    amount_paise: paiseNumber(row.amountApprovedPaise ?? row.amountClaimedPaise),
    reason: row.reason,
  }),
});

export type ClaimRow = typeof compensationClaims.$inferSelect;
type EventBy = 'client' | 'staff' | 'system';

export async function recordClaimEvent(
  tx: Tx,
  clock: Clock,
  claimId: string,
  event: { kind: string; by: EventBy; message: string; detail?: object | null },
) {
  const [row] = await tx
    .insert(compensationEvents)
    .values({
      claimId,
      kind: event.kind,
      by: event.by,
      message: event.message,
      detail: event.detail ?? null,
      at: clock.now(),
    })
    .returning({ id: compensationEvents.id });
  return row!.id;
}

/** One step of a claim: the platform's transition, with the timeline's event in words. */
export async function applyClaimTransition(
  tx: Tx,
  clock: Clock,
  input: {
    claimId: string;
    action: ClaimAction;
    actor: Actor;
    /** Only this client's claim (a client's own step): 404 for anyone else's. */
    clientId?: string;
    set?: Partial<typeof compensationClaims.$inferInsert>;
    where?: SQL;
    event: { by: EventBy; message: string; detail?: object };
    /** The step's own work after the UPDATE (the payment posting). */
    effect?: (row: ClaimRow) => Promise<ClaimRow | void>;
    audit?: object;
    events?: TransitionEvents | undefined;
  },
): Promise<{ row: ClaimRow; eventId: number }> {
  let eventId = 0;
  const row = await applyTransition(tx, CLAIM, input.action, {
    id: input.claimId,
    at: clock.now(),
    where: and(
      input.clientId ? eq(compensationClaims.clientId, input.clientId) : undefined,
      input.where,
    ),
    set: { ...input.set, updatedAt: clock.now() },
    effect: async (moved) => {
      const after = (await input.effect?.(moved)) ?? moved;
      eventId = await recordClaimEvent(tx, clock, moved.id, {
        kind: input.action,
        ...input.event,
      });
      return after;
    },
    audit: {
      actor: input.actor,
      details: (r) => ({ clientId: r.clientId, reference: r.reference, ...input.audit }),
    },
    events: input.events,
  });
  return { row, eventId };
}
