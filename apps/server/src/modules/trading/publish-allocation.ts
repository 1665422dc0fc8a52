import { randomUUID } from 'node:crypto';
import { type TInstitutionalOffering, TM } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import type { OfferingDeps } from './offering-deps.ts';
import { institutionalAllocations } from './tables.ts';
import { allocationView } from './views.ts';

export type AllocationInput = {
  symbol: string;
  price: bigint;
  quantity: number;
  opens_at: string;
  closes_at: string;
  note?: string | undefined;
};

/** Operations offer a quantity of a listed stock at a price for a window that has not passed. */
export async function publishAllocation(
  deps: OfferingDeps,
  input: AllocationInput,
  staffId: string,
  actor: Actor,
): Promise<TInstitutionalOffering> {
  const { db, clock, equity } = deps;
  equity.listed(input.symbol);
  const opensAt = new Date(input.opens_at);
  const closesAt = new Date(input.closes_at);
  if (closesAt <= opensAt) throw badRequest(TM.windowInvalid);
  if (closesAt <= clock.now()) throw badRequest(TM.windowPast);
  const row = await plainTransaction(db)(async (tx) => {
    const [row] = await tx
      .insert(institutionalAllocations)
      .values({
        id: randomUUID(),
        symbol: input.symbol,
        pricePaise: input.price,
        quantity: input.quantity,
        opensAt,
        closesAt,
        note: input.note || null,
        createdByStaffId: staffId,
        createdAt: clock.now(),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'trading.allocation.create',
      subjectType: 'allocation',
      subjectId: row!.id,
      after: { symbol: row!.symbol, price: String(row!.pricePaise), quantity: row!.quantity },
    });
    return row!;
  });
  return allocationView(row, equity.info(row.symbol), clock.now());
}
