/**
 * Shares transferred in from another broker (decision 060): a client's request and the lots its
 * tradebook leaves. The request owns nothing of the holdings: on confirmation trading credits
 * the lots (trading/transfer-credit.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, paise } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';

export const shareTransfers = pgTable(
  'share_transfers',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    /** pending | confirmed | rejected (lifecycle.ts) */
    status: text('status').notNull().default('pending'),
    fileName: text('file_name').notNull(),
    /** Trades read from the file (buys and sells), for the officer's check. */
    tradeCount: integer('trade_count').notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
    rejectReason: text('reject_reason'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('share_transfers_client').on(t.clientId, t.createdAt),
    check('share_transfers_status', sql`${t.status} in ('pending', 'confirmed', 'rejected')`),
  ],
);

export const shareTransferLots = pgTable(
  'share_transfer_lots',
  {
    id: uuid('id').primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => shareTransfers.id, { onDelete: 'cascade' }),
    /** The lot's place in the file's order (symbol, then acquisition). */
    position: integer('position').notNull(),
    symbol: text('symbol').notNull(),
    isin: text('isin').notNull(),
    /** The original trade's moment: the holding period starts here. */
    acquiredAt: at('acquired_at').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    costPaise: paise('cost_paise').notNull(),
  },
  (t) => [uniqueIndex('share_transfer_lots_position').on(t.transferId, t.position)],
);
