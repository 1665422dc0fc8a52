/** Deletes an active GTT (it becomes `cancelled`); a fired or expired one stays as it is. */
import { eq } from 'drizzle-orm';
import type { TGtt } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import type { GttDeps } from './gtt-deps.ts';
import { GTT } from './gtt-rules.ts';
import { gttViews } from './gtt-views.ts';
import { gtts } from './tables.ts';

export async function removeGtt(
  deps: GttDeps,
  clientId: string,
  id: string,
  options: { actor: Actor },
): Promise<TGtt> {
  const { db, clock, events } = deps;
  return inTransaction(db, async (tx) => {
    const row = await applyTransition(tx, GTT, 'cancel', {
      id,
      at: clock.now(),
      where: eq(gtts.clientId, clientId),
      set: { updatedAt: clock.now() },
      audit: { actor: options.actor, action: 'delete' },
      events,
    });
    return (await gttViews(deps, [row], tx))[0]!;
  });
}
