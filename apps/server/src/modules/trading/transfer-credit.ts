/**
 * Shares transferred in from another broker reach a client's holdings (decision 060), inside the
 * transaction that confirms the transfer: each lot becomes one holding_adjustments row of kind
 * transfer_in — the lots' record, as a corporate action's is (corporate-adjustment.ts) — effective
 * now and acquired at its original trade, with its original cost; the holding grows by the
 * shares and their cost. A lot's row is keyed by the lot's id, so a second confirmation adds
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { holdingAdjustments, holdings } from './tables.ts';

export type TransferredLot = {
  /** The transfer's lot id: the adjustment's action id, so each lot is credited once. */
  id: string;
  symbol: string;
  acquiredAt: Date;
  quantity: number;
  costPaise: bigint;
};

/** Credits the lots to `clientId` at `at`; answers how many lots were new. */
export async function creditTransferredLots(
  tx: Tx,
  clientId: string,
  lots: readonly TransferredLot[],
  at: Date,
): Promise<number> {
  let credited = 0;
  for (const lot of lots) {
    const [held] = await tx
      .select({ quantity: holdings.quantity, pledged: holdings.pledged })
      .from(holdings)
      .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, lot.symbol)))
      .for('update');
    const before = held?.quantity ?? 0;
    const inserted = await tx
      .insert(holdingAdjustments)
      .values({
        id: randomUUID(),
        actionId: lot.id,
        clientId,
        symbol: lot.symbol,
        kind: 'transfer_in',
        ratioNew: 1,
        ratioOld: 1,
        newSymbol: null,
        effectiveAt: at,
        allottedAt: lot.acquiredAt,
        quantityBefore: before,
        quantityAfter: before + lot.quantity,
        pledgedBefore: held?.pledged ?? 0,
        pledgedAfter: held?.pledged ?? 0,
        costPaise: lot.costPaise,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: holdingAdjustments.id });
    if (!inserted.length) continue;
    credited += 1;
    await tx
      .insert(holdings)
      .values({
        clientId,
        symbol: lot.symbol,
        quantity: lot.quantity,
        costPaise: lot.costPaise,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: [holdings.clientId, holdings.symbol],
        set: {
          quantity: sql`${holdings.quantity} + ${lot.quantity}`,
          costPaise: sql`${holdings.costPaise} + ${lot.costPaise}`,
          updatedAt: at,
        },
      });
  }
  return credited;
}
