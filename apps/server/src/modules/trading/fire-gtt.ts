/**
 * Fires the GTT if a print at `last` crosses a leg of it as it is now (locked), placing the
 * leg's limit order in the same transaction. Null when nothing fired.
 */
import { eq } from 'drizzle-orm';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import type { GttDeps } from './gtt-deps.ts';
import { audited, GTT, legCrossed, SYSTEM } from './gtt-rules.ts';
import { gtts } from './tables.ts';

export async function fireGtt(deps: GttDeps, id: string, last: bigint) {
  const { db, clock, placement, events } = deps;
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(gtts).where(eq(gtts.id, id)).for('update');
    if (!row || row.status !== 'active' || row.expiresAt <= clock.now()) return null;
    const leg = legCrossed(row, last);
    if (!leg) return null;
    const now = clock.now();
    await applyTransition(tx, GTT, 'trigger', {
      id,
      at: now,
      set: { firedLeg: leg, triggeredAt: now, updatedAt: now },
      audit: {
        actor: SYSTEM,
        action: 'trigger',
        details: () => ({ leg, lastPaise: last.toString(), ...audited(row) }),
      },
      events,
    });
    const order = await placement.placeTriggered(tx, {
      clientId: row.clientId,
      symbol: row.symbol,
      side: row.side as 'buy' | 'sell',
      quantity: row.quantity,
      limitPaise: leg === 'target' ? row.limitPaise : row.stopLimitPaise!,
      actor: SYSTEM,
    });
    await tx
      .update(gtts)
      .set({ orderId: order.id, reason: order.status === 'rejected' ? order.reason : null })
      .where(eq(gtts.id, id));
    return order;
  });
}
