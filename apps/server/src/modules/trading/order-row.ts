import type { Actor } from '../../platform/audit.ts';
import type { orders } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;

/** What the audit log keeps of an order. */
export const orderDetails = (row: OrderRow) => ({
  clientId: row.clientId,
  type: row.type,
  side: row.side,
  symbol: row.symbol,
  quantity: row.quantity,
  holdPaise: row.holdPaise.toString(),
});

/**
 * The audit row of a step someone decided (the client's cancel, a desk decision), under the
 * name they gave it. The matcher's fills and expiries and an allotment's fills pass none:
 * their postings and contract notes record them.
 */
export type OrderAudit = { actor: Actor; action: string; extra?: object };
