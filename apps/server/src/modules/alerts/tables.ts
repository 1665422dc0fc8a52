import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { clients } from '../clients/tables.ts';
import { instruments } from '../market/tables.ts';

/**
 * A client's price alert. It fires once: the feed's pass sets `status` from active to
 * triggered in an UPDATE guarded on `status = 'active'`, so two passes at once cannot both
 * fire it. A fired alert is the client's notification; `read_at` marks it seen.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    /** above | below */
    direction: text('direction').notNull(),
    pricePaise: bigint('price_paise', { mode: 'bigint' }).notNull(),
    /** active | triggered | cancelled */
    status: text('status').notNull().default('active'),
    createdAt: at('created_at').notNull(),
    triggeredAt: at('triggered_at'),
    triggeredPricePaise: bigint('triggered_price_paise', { mode: 'bigint' }),
    cancelledAt: at('cancelled_at'),
    readAt: at('read_at'),
  },
  (t) => [
    check('price_alerts_direction', sql`${t.direction} in ('above', 'below')`),
    check('price_alerts_status', sql`${t.status} in ('active', 'triggered', 'cancelled')`),
    check('price_alerts_price', sql`${t.pricePaise} > 0`),
    check(
      'price_alerts_fired',
      sql`(${t.status} = 'triggered') = (${t.triggeredAt} is not null and ${t.triggeredPricePaise} is not null)`,
    ),
    // The feed's pass looks up active alerts by symbol; fired ones are read per client.
    index('price_alerts_active_symbol')
      .on(t.symbol)
      .where(sql`${t.status} = 'active'`),
    index('price_alerts_client').on(t.clientId, t.createdAt),
  ],
);
