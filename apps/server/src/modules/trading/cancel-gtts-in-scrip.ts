/**
 * A corporate action on the scrip cancels every active GTT in it (the exchanges cancel
 * open orders on an ex-date; a trigger set on the old price would fire on the wrong one).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { applyTransitions } from '../../platform/transitions.ts';
import type { GttDeps } from './gtt-deps.ts';
import { GTT } from './gtt-rules.ts';
import { gtts } from './tables.ts';

export async function cancelGttsInScrip(
  deps: GttDeps,
  tx: Tx,
  symbol: string,
  reason: string,
  actor: Actor,
): Promise<number> {
  const { clock, events } = deps;
  const active = await tx
    .select({ id: gtts.id })
    .from(gtts)
    .where(and(eq(gtts.symbol, symbol), eq(gtts.status, 'active')))
    .orderBy(asc(gtts.id))
    .for('update');
  // One guarded UPDATE (audit rows and events with it) per 5,000, not a step per GTT.
  for (let i = 0; i < active.length; i += 5_000)
    await applyTransitions(tx, GTT, 'cancel', {
      ids: active.slice(i, i + 5_000).map((g) => g.id),
      at: clock.now(),
      set: { updatedAt: clock.now(), reason },
      audit: { actor, action: 'corporate_action' },
      events,
      effect: async (rows) => rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    });
  return active.length;
}
