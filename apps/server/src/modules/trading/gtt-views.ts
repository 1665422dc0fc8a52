/** GTTs as the client reads them: names, each leg's state and the status of the order placed. */
import { inArray } from 'drizzle-orm';
import type { TGtt, TGttStatus, TOrderStatus } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { GttDeps } from './gtt-deps.ts';
import type { GttRow, Leg } from './gtt-types.ts';
import { orders } from './tables.ts';

export async function gttViews(
  deps: GttDeps,
  rows: GttRow[],
  executor: Executor = deps.db,
): Promise<TGtt[]> {
  const names = await deps.nameOf([...new Set(rows.map((r) => r.symbol))], executor);
  const orderIds = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
  const statuses = new Map(
    orderIds.length
      ? (
          await executor
            .select({ id: orders.id, status: orders.status })
            .from(orders)
            .where(inArray(orders.id, orderIds))
        ).map((o) => [o.id, o.status])
      : [],
  );
  return rows.map((r) =>
    gttView(
      r,
      names.get(r.symbol) ?? r.symbol,
      r.orderId ? (statuses.get(r.orderId) ?? null) : null,
    ),
  );
}

function gttView(r: GttRow, name: string, orderStatus: string | null): TGtt {
  const legStatus = (leg: Leg) =>
    r.status === 'active'
      ? ('waiting' as const)
      : r.status === 'expired'
        ? ('expired' as const)
        : r.status === 'triggered' && r.firedLeg === leg
          ? ('fired' as const)
          : ('cancelled' as const);
  return {
    id: r.id,
    kind: r.kind as TGtt['kind'],
    symbol: r.symbol,
    name,
    side: r.side as TGtt['side'],
    quantity: r.quantity,
    status: r.status as TGttStatus,
    target: {
      trigger_price_paise: Number(r.triggerPaise),
      limit_price_paise: Number(r.limitPaise),
      status: legStatus('target'),
    },
    stop:
      r.kind === 'oco'
        ? {
            trigger_price_paise: Number(r.stopTriggerPaise),
            limit_price_paise: Number(r.stopLimitPaise),
            status: legStatus('stop'),
          }
        : null,
    reference_price_paise: Number(r.referencePaise),
    triggered_at: r.triggeredAt?.toISOString() ?? null,
    order_id: r.orderId,
    order_status: orderStatus as TOrderStatus | null,
    reason: r.reason,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
