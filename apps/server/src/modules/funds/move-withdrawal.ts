import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { applyTransition } from '../../platform/transitions.ts';
import { clientAccount } from '../ledger/service.ts';
import type { BankCardRow } from './bank-cards.ts';
import type { WithdrawalDeps, WithdrawalRow } from './withdrawal-deps.ts';
import {
  HELD,
  WITHDRAWAL,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalAction,
  withdrawalNotice,
} from './withdrawal-lifecycle.ts';
import { withdrawals } from './tables.ts';

/** Takes one step; the held amount moves with it, by the posting the step names. */
export function moveWithdrawal(
  deps: Pick<WithdrawalDeps, 'clock' | 'ledger' | 'events'>,
  tx: Tx,
  withdrawalId: string,
  action: WithdrawalAction,
  who: { clientId?: string; staffId?: string },
  actor: Actor,
  details: {
    reason?: string | null;
    bankReference?: string | null;
    /** The card a paid withdrawal went to: its notice names the account. */
    paidTo?: BankCardRow | undefined;
  } = {},
): Promise<WithdrawalRow> {
  const { clock, ledger, events } = deps;
  const { posting } = WITHDRAWAL_TRANSITIONS[action];
  return applyTransition(tx, WITHDRAWAL, action, {
    id: withdrawalId,
    at: clock.now(),
    where: who.clientId ? eq(withdrawals.clientId, who.clientId) : undefined,
    set: {
      reason: details.reason ?? null,
      bankReference: details.bankReference ?? null,
      decidedAt: clock.now(),
      decidedByStaffId: who.staffId ?? null,
    },
    async effect(moved) {
      const posted = await ledger.transfer(tx, {
        kind: posting.kind,
        clientId: moved.clientId,
        memo: details.bankReference
          ? `${posting.memo}, bank reference ${details.bankReference}`
          : posting.memo,
        reference: `withdrawal:${moved.id}`,
        idempotencyKey: `withdrawal:${moved.id}:settle`,
        from: clientAccount(moved.clientId, HELD),
        to: posting.to(moved.clientId),
        amount: moved.amount,
      });
      const [row] = await tx
        .update(withdrawals)
        .set({ settlePostingId: posted.postingId })
        .where(eq(withdrawals.id, moved.id))
        .returning();
      return row;
    },
    audit: {
      actor,
      details: (row) => ({
        clientId: row.clientId,
        amountPaise: row.amount.toString(),
        postingId: row.settlePostingId,
        ...(details.reason ? { reason: details.reason } : {}),
        ...(details.bankReference ? { bankReference: details.bankReference } : {}),
      }),
    },
    events,
    notice: details.paidTo && ((row) => withdrawalNotice(row, details.paidTo)),
  });
}
