/** Ends the GTTs whose year is over, each in its own transaction. */
import { and, eq, lte } from 'drizzle-orm';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import type { GttDeps } from './gtt-deps.ts';
import { GTT, SYSTEM } from './gtt-rules.ts';
import { gtts } from './tables.ts';

export async function expireGtts(deps: GttDeps): Promise<number> {
  const { db, clock, events } = deps;
  const now = clock.now();
  const due = await db
    .select({ id: gtts.id })
    .from(gtts)
    .where(and(eq(gtts.status, 'active'), lte(gtts.expiresAt, now)));
  let expired = 0;
  for (const { id } of due) {
    try {
      await inTransaction(db, (tx) =>
        applyTransition(tx, GTT, 'expire', {
          id,
          at: now,
          set: { updatedAt: now },
          audit: { actor: SYSTEM },
          events,
        }),
      );
      expired++;
    } catch (error) {
      deps.log?.(`GTT ${id} failed to expire`, error);
    }
  }
  return expired;
}
