import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { orderDetails, type OrderRow } from './order-row.ts';
import { insertOrder } from './orders.ts';
import type { PlacementDeps } from './placement-deps.ts';
import { sessionEnd } from './session-end.ts';
import { holdings } from './tables.ts';

/**
 * Sells pledged shares at market for the credit module (operations invoking a pledge), in
 * the caller's transaction: the shares move from pledged to put up for sale by one guarded
 * UPDATE and a market sell order is written; the matcher fills it against the feed and the
 * proceeds reach the client's cash as any sale's do. The client cannot cancel it.
 */
export async function sellPledgedShares(
  deps: PlacementDeps,
  tx: Tx,
  input: { clientId: string; symbol: string; quantity: number; actor: Actor; note: string },
): Promise<OrderRow> {
  const { clock } = deps;
  const moved = await tx
    .update(holdings)
    .set({
      pledged: sql`${holdings.pledged} - ${input.quantity}`,
      reserved: sql`${holdings.reserved} + ${input.quantity}`,
      updatedAt: clock.now(),
    })
    .where(
      and(
        eq(holdings.clientId, input.clientId),
        eq(holdings.symbol, input.symbol),
        sql`${holdings.pledged} >= ${input.quantity}`,
      ),
    )
    .returning({ symbol: holdings.symbol });
  if (moved.length === 0)
    throw new Error(`Fewer than ${input.quantity} ${input.symbol} are pledged`);
  const row = await insertOrder(tx, {
    id: randomUUID(),
    clientId: input.clientId,
    type: 'market',
    side: 'sell',
    symbol: input.symbol,
    quantity: input.quantity,
    pricePaise: null,
    holdPaise: 0n,
    reason: input.note,
    origin: 'pledge_invocation',
    validUntil: sessionEnd(deps.market.calendar, clock.now()),
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  await recordAudit(tx, input.actor, {
    action: 'order.place',
    subjectType: 'order',
    subjectId: row.id,
    after: { ...orderDetails(row), origin: 'pledge_invocation' },
  });
  return row;
}
