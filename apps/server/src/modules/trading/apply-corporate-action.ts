import { and, asc, eq } from 'drizzle-orm';
import { asIstDay, istDayStart } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict } from '../../platform/errors.ts';
import type { Execution } from './execution.ts';
import type { Gtts } from './gtts.ts';
import { adjustHolders } from './adjust-holders.ts';
import type { HoldingAction } from './holding-action.ts';
import { positionsBefore } from './holding-adjustments.ts';
import { orders } from './tables.ts';

export type CorporateAdjustmentDeps = {
  clock: Clock;
  execution: Execution;
  gtts: Pick<Gtts, 'cancelInScrip'>;
};

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
  const clients = await adjustHolders(deps.clock, tx, a, holders, { effectiveAt, allottedAt });
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
  await deps.execution.releaseMany(tx, awaiting, 'cancelled', reason, {
    actor,
    action: 'corporate_action',
  });
  const gttCount = await deps.gtts.cancelInScrip(tx, a.symbol, reason, actor);
  return { orders: awaiting.length, gtts: gttCount };
}
