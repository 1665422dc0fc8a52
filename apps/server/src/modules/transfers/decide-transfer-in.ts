/**
 * Operations decide a transfer request (audited, a notice to the client). Confirming credits
 * the lots to the client's holdings with their original dates and costs, in the transaction
 * of the step; no ledger posting, as no money moves (the depository moves the shares).
 * Confirming a confirmed request answers it unchanged: the officer's retry changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { TTransferIn } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition, type TransitionEvents } from '../../platform/transitions.ts';
import type { TradingService } from '../trading/service.ts';
import { TRANSFER_IN } from './lifecycle.ts';
import { shareTransfers } from './tables.ts';
import { lotsOf, transferViews, transferWhere } from './transfer-views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  trading: Pick<TradingService, 'creditTransferredLots'>;
  events?: TransitionEvents;
};

export async function confirmTransferIn(
  deps: Deps,
  input: { id: string; staffId: string; actor: Actor },
): Promise<TTransferIn> {
  const { db, clock } = deps;
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ status: shareTransfers.status })
      .from(shareTransfers)
      .where(eq(shareTransfers.id, input.id))
      .for('update');
    if (current?.status !== 'confirmed') {
      const at = clock.now();
      await applyTransition(tx, TRANSFER_IN, 'confirm', {
        id: input.id,
        at,
        set: { decidedBy: input.staffId, decidedAt: at },
        effect: async (row) => {
          const lots = (await lotsOf(tx, [row.id])).get(row.id) ?? [];
          await deps.trading.creditTransferredLots(tx, row.clientId, lots, at);
        },
        audit: { actor: input.actor },
        events: deps.events,
      });
    }
    return (await transferViews(tx, transferWhere.one(input.id)))[0]!;
  });
}

export async function rejectTransferIn(
  deps: Deps,
  input: { id: string; staffId: string; reason: string; actor: Actor },
): Promise<TTransferIn> {
  const { db, clock } = deps;
  return inTransaction(db, async (tx) => {
    const at = clock.now();
    await applyTransition(tx, TRANSFER_IN, 'reject', {
      id: input.id,
      at,
      set: { decidedBy: input.staffId, decidedAt: at, rejectReason: input.reason },
      audit: { actor: input.actor, details: (row) => ({ reason: row.rejectReason }) },
      events: deps.events,
    });
    return (await transferViews(tx, transferWhere.one(input.id)))[0]!;
  });
}
