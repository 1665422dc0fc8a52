import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { asIstDay, istDayStart } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict } from '../../platform/errors.ts';
import type { Execution } from './execution.ts';
import type { Gtts } from './gtts.ts';
import { type HoldingAction, pledgedAfter, quantityAfter } from './holding-action.ts';
import { positionsBefore } from './holding-adjustments.ts';
import { holdingAdjustments, holdings, orders } from './tables.ts';

export type CorporateAdjustmentDeps = {
  clock: Clock;
  execution: Execution;
  gtts: Pick<Gtts, 'cancelInScrip'>;
};

/** When the action takes effect, and (a bonus) when its new shares were acquired. */
type Dates = { effectiveAt: Date; allottedAt: Date | null };

/** Applies one action; answers how many clients' holdings and open orders it changed. */
export async function applyCorporateAction(
  deps: CorporateAdjustmentDeps,
  tx: Tx,
  a: HoldingAction,
  actor: Actor,
) {
  if (a.kind === 'symbol_change' && !a.newSymbol)
    throw conflict('A symbol change needs the new symbol.');
  const effectiveAt = istDayStart(asIstDay(a.exDate));
  const allottedAt = a.kind === 'bonus' ? istDayStart(asIstDay(a.allotDate)) : null;
  const cancelled = await cancelOpen(deps, tx, a, actor);
  const holders = await positionsBefore(tx, a.symbol, effectiveAt);
  let clients = 0;
  for (const holder of holders)
    if (await adjustHolder(deps.clock, tx, a, holder, { effectiveAt, allottedAt })) clients += 1;
  return { clients, ordersCancelled: cancelled.orders, gttsCancelled: cancelled.gtts };
}

async function cancelOpen(deps: CorporateAdjustmentDeps, tx: Tx, a: HoldingAction, actor: Actor) {
  const reason = `Cancelled for the ${a.kind.replace('_', ' ')} of ${a.symbol} (ex-date ${a.exDate}).`;
  const awaiting = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.symbol, a.symbol), eq(orders.status, 'awaiting')))
    .orderBy(asc(orders.id))
    .for('update');
  for (const order of awaiting)
    await deps.execution.release(tx, order, 'cancelled', reason, {
      actor,
      action: 'corporate_action',
    });
  const gttCount = await deps.gtts.cancelInScrip(tx, a.symbol, reason, actor);
  return { orders: awaiting.length, gtts: gttCount };
}

/**
 * Records one holder's adjustment (once: a second run finds it written) and changes their
 * holding; false when there was nothing to change.
 */
async function adjustHolder(
  clock: Clock,
  tx: Tx,
  a: HoldingAction,
  holder: { clientId: string; quantity: number },
  dates: Dates,
): Promise<boolean> {
  const { clientId, quantity: before } = holder;
  const [held] = await tx
    .select()
    .from(holdings)
    .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, a.symbol)))
    .for('update');
  const after = quantityAfter(a, before);
  const pledged = held?.pledged ?? 0;
  const inserted = await tx
    .insert(holdingAdjustments)
    .values({
      id: randomUUID(),
      actionId: a.id,
      clientId,
      symbol: a.symbol,
      kind: a.kind,
      ratioNew: a.ratioNew,
      ratioOld: a.ratioOld,
      newSymbol: a.newSymbol,
      effectiveAt: dates.effectiveAt,
      allottedAt: dates.allottedAt,
      quantityBefore: before,
      quantityAfter: after,
      pledgedBefore: pledged,
      pledgedAfter: pledgedAfter(a, pledged),
      createdAt: clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: holdingAdjustments.id });
  if (!inserted.length || !held) return false;
  if (a.kind === 'symbol_change') {
    await moveHolding(clock, tx, a, clientId);
    return true;
  }
  const quantity = held.quantity + (after - before);
  if (quantity < 0)
    throw conflict(`${a.symbol}: a client has sold more since the ex-date than the action leaves.`);
  await tx
    .update(holdings)
    .set({ quantity, pledged: pledgedAfter(a, pledged), updatedAt: clock.now() })
    .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, a.symbol)));
  return true;
}

/** Moves a whole holding to the new symbol (added to one already there). */
async function moveHolding(clock: Clock, tx: Tx, a: HoldingAction, clientId: string) {
  const [old] = await tx
    .delete(holdings)
    .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, a.symbol)))
    .returning();
  if (!old) return;
  await tx
    .insert(holdings)
    .values({ ...old, symbol: a.newSymbol!, reserved: 0, updatedAt: clock.now() })
    .onConflictDoUpdate({
      target: [holdings.clientId, holdings.symbol],
      set: {
        quantity: sql`${holdings.quantity} + ${old.quantity}`,
        pledged: sql`${holdings.pledged} + ${old.pledged}`,
        costPaise: sql`${holdings.costPaise} + ${old.costPaise}`,
        realisedPaise: sql`${holdings.realisedPaise} + ${old.realisedPaise}`,
        updatedAt: clock.now(),
      },
    });
}
