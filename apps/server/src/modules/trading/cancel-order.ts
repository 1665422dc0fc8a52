import { TM, type TOrder } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { ipoById } from './ipos.ts';
import { lockOrder } from './orders.ts';
import type { PlacementDeps } from './placement-deps.ts';
import { ipoStatus } from './views.ts';

/** The client's cancel of an awaiting order; an IPO bid only while the issue is open. */
export async function cancelOrder(
  deps: PlacementDeps,
  clientId: string,
  orderId: string,
  options: { actor: Actor; transaction?: TransactionRunner },
): Promise<TOrder> {
  const transaction = options.transaction ?? plainTransaction(deps.db);
  const row = await transaction(async (tx) => {
    const current = await lockOrder(tx, orderId, clientId);
    if (!current) throw notFound(TM.orderNotFound);
    if (current.status !== 'awaiting') throw conflict(TM.cannotCancel);
    if (current.origin === 'pledge_invocation') throw conflict(TM.pledgeSaleNoCancel);
    if (current.type === 'ipo' && current.offeringId) {
      const issue = await ipoById(tx, current.offeringId);
      if (issue && ipoStatus(issue, istDateOf(deps.clock.now())) !== 'open')
        throw conflict(TM.ipoNotOpen);
    }
    const cancelled = await deps.execution.release(tx, current, 'cancelled', null, {
      actor: options.actor,
      action: 'cancel',
    });
    return deps.reads.viewOf(cancelled, tx);
  });
  return row;
}
