/**
 * Applying a split, consolidation, bonus or symbol change to holdings (issue 34, decision
 * 040), inside the transaction that marks the action applied. On the ex-date:
 * - every awaiting order and active GTT in the scrip is cancelled, with the reason (what the
 *   exchanges do; a price set before the ex-date means nothing after it), releasing cash on
 *   hold and reserved shares;
 * - each client holding it before the ex-date (fills + earlier adjustments) gets one
 *   holding_adjustments row, the lots' record: a split or consolidation re-counts the shares
 *   (total cost unchanged, so the average price moves by the inverse ratio; acquisition dates
 *   kept for the holding period), a bonus adds floor(held × new / old) shares at nil cost
 *   acquired on the allotment date (section 55(2)(aa)), a symbol change moves the holding;
 * - pledged shares follow the ratio (a split's new shares are as pledged as the old); a
 *   bonus's new shares arrive free, as the depositories credit them.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { asIstDay, istDayStart, sharesAfter } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Execution } from './execution.ts';
import type { Gtts } from './gtts.ts';
import { positionsBefore } from './holding-adjustments.ts';
import { holdingAdjustments, holdings, orders } from './tables.ts';

export type HoldingAction = {
  id: string;
  symbol: string;
  kind: 'split' | 'consolidation' | 'bonus' | 'symbol_change';
  ratioNew: number;
  ratioOld: number;
  newSymbol: string | null;
  exDate: string;
  /** A bonus's allotment day (the record date when the issuer has not said). */
  allotDate: string;
};

/** Shares after the action for `before` shares held (the ratio maths: shared's corporate-ratio). */
export const quantityAfter = (
  a: Pick<HoldingAction, 'kind' | 'ratioNew' | 'ratioOld'>,
  before: number,
) => sharesAfter(a, before);

/** A split's or consolidation's new shares are as pledged as the old; a bonus's arrive free. */
const pledgedAfter = (a: HoldingAction, pledged: number) =>
  a.kind === 'split' || a.kind === 'consolidation' ? sharesAfter(a, pledged) : pledged;

type Deps = { clock: Clock; execution: Execution; gtts: Pick<Gtts, 'cancelInScrip'> };

export function createCorporateAdjustment({ clock, execution, gtts }: Deps) {
  async function cancelOpen(tx: Tx, a: HoldingAction, actor: Actor) {
    const reason = `Cancelled for the ${a.kind.replace('_', ' ')} of ${a.symbol} (ex-date ${a.exDate}).`;
    const awaiting = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.symbol, a.symbol), eq(orders.status, 'awaiting')))
      .orderBy(asc(orders.id))
      .for('update');
    for (const order of awaiting)
      await execution.release(tx, order, 'cancelled', reason, {
        actor,
        action: 'corporate_action',
      });
    const gttCount = await gtts.cancelInScrip(tx, a.symbol, reason, actor);
    return { orders: awaiting.length, gtts: gttCount };
  }

  /** Moves a whole holding to the new symbol (added to one already there). */
  async function moveHolding(tx: Tx, a: HoldingAction, clientId: string) {
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

  /** Applies one action; answers how many clients' holdings and open orders it changed. */
  async function apply(tx: Tx, a: HoldingAction, actor: Actor) {
    if (a.kind === 'symbol_change' && !a.newSymbol)
      throw conflict('A symbol change needs the new symbol.');
    const effectiveAt = istDayStart(asIstDay(a.exDate));
    const allottedAt = a.kind === 'bonus' ? istDayStart(asIstDay(a.allotDate)) : null;
    const cancelled = await cancelOpen(tx, a, actor);
    const holders = await positionsBefore(tx, a.symbol, effectiveAt);
    let clients = 0;
    for (const { clientId, quantity: before } of holders) {
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
          effectiveAt,
          allottedAt,
          quantityBefore: before,
          quantityAfter: after,
          pledgedBefore: pledged,
          pledgedAfter: pledgedAfter(a, pledged),
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: holdingAdjustments.id });
      if (!inserted.length || !held) continue;
      clients += 1;
      if (a.kind === 'symbol_change') {
        await moveHolding(tx, a, clientId);
        continue;
      }
      const quantity = held.quantity + (after - before);
      if (quantity < 0)
        throw conflict(
          `${a.symbol}: a client has sold more since the ex-date than the action leaves.`,
        );
      await tx
        .update(holdings)
        .set({ quantity, pledged: pledgedAfter(a, pledged), updatedAt: clock.now() })
        .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, a.symbol)));
    }
    return { clients, ordersCancelled: cancelled.orders, gttsCancelled: cancelled.gtts };
  }

  return { apply };
}
export type CorporateAdjustment = ReturnType<typeof createCorporateAdjustment>;
