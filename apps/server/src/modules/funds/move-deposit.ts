import { FM } from '@sampada/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { applyTransition } from '../../platform/transitions.ts';
import { transferPosting } from '../ledger/service.ts';
import type { DepositDeps, DepositRow } from './deposit-deps.ts';
import {
  DEPOSIT,
  DEPOSIT_TRANSITIONS,
  type DepositAction,
  decisionDetails,
  depositCredit,
} from './deposit-lifecycle.ts';
import { deposits } from './tables.ts';

/**
 * Takes one step if the deposit is where the step starts (a guarded UPDATE, so of two
 * concurrent confirmations exactly one finds it pending); credits on confirm.
 */
export async function moveDeposit(
  deps: Pick<DepositDeps, 'clock' | 'ledger' | 'events'>,
  tx: Tx,
  depositId: string,
  action: DepositAction,
  who: { clientId?: string; staffId?: string },
  actor: Actor,
  reason: string | null = null,
): Promise<DepositRow> {
  const { clock, ledger, events } = deps;
  try {
    const credits = DEPOSIT_TRANSITIONS[action].credits;
    return await applyTransition(tx, DEPOSIT, action, {
      id: depositId,
      at: clock.now(),
      where: who.clientId ? eq(deposits.clientId, who.clientId) : undefined,
      set: {
        reason,
        decidedAt: clock.now(),
        decidedByStaffId: who.staffId ?? null,
        // The credit's id is drawn by the step's own UPDATE (no second write of the row).
        ...(credits ? { postingId: ledger.nextPostingId() } : {}),
      },
      async effect(row) {
        if (credits) await ledger.postAs(tx, transferPosting(depositCredit(row)), row.postingId!);
      },
      audit: { actor, details: (row) => decisionDetails(row, reason) },
      events,
    });
  } catch (error) {
    // Another deposit with this UTR was confirmed first.
    if (isUniqueViolation(error, 'deposits_utr_confirmed_once'))
      throw conflict(FM.utrAlreadyCredited);
    throw error;
  }
}
