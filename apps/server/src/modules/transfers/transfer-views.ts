/** Reading transfer requests back with their lots, as the client and the console see them. */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TTransferIn } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { istDateOf } from '../../platform/ist.ts';
import { shareTransferLots, shareTransfers } from './tables.ts';

type TransferRow = typeof shareTransfers.$inferSelect;
type LotRow = typeof shareTransferLots.$inferSelect;

const viewOf = (r: TransferRow, lots: LotRow[]): TTransferIn => ({
  id: r.id,
  client_id: r.clientId,
  status: r.status as TTransferIn['status'],
  file_name: r.fileName,
  trade_count: r.tradeCount,
  lots: lots.map((l) => ({
    symbol: l.symbol,
    isin: l.isin,
    acquired_on: istDateOf(l.acquiredAt),
    acquired_at: l.acquiredAt.toISOString(),
    quantity: l.quantity,
    cost_paise: Number(l.costPaise),
  })),
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
  reject_reason: r.rejectReason,
});

export async function lotsOf(db: Executor, transferIds: string[]) {
  if (!transferIds.length) return new Map<string, LotRow[]>();
  const rows = await db
    .select()
    .from(shareTransferLots)
    .where(inArray(shareTransferLots.transferId, transferIds))
    .orderBy(asc(shareTransferLots.position));
  const by = new Map<string, LotRow[]>();
  for (const row of rows) by.set(row.transferId, [...(by.get(row.transferId) ?? []), row]);
  return by;
}

/** Transfers matching `where`, newest first, each with its lots. */
export async function transferViews(db: Executor, where: SQL | undefined): Promise<TTransferIn[]> {
  const rows = await db
    .select()
    .from(shareTransfers)
    .where(where)
    .orderBy(desc(shareTransfers.createdAt), desc(shareTransfers.id))
    .limit(200);
  const lots = await lotsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => viewOf(r, lots.get(r.id) ?? []));
}

export const transferWhere = {
  ofClient: (clientId: string) => eq(shareTransfers.clientId, clientId),
  withStatus: (status: TTransferIn['status'] | undefined) =>
    status ? eq(shareTransfers.status, status) : undefined,
  one: (id: string) => and(eq(shareTransfers.id, id)),
};
