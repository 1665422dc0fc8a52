/**
 * Orders placed by a batch sent as one statement (decision 084): the rows as the table stores
 * them, built before they are written so that their answers can be kept with their keys in the
 * same statement, and the INSERT of them all.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { marketOrderRow } from './place-market-order.ts';
import type { OrderRow } from './order-row.ts';
import { orders } from './tables.ts';

/**
 * A new order's row in full: what placing sets, and what every other column holds for an order
 * just placed — the values the table's defaults would give it, written as given.
 */
export const placedRow = (row: ReturnType<typeof marketOrderRow>): OrderRow => ({
  ...row,
  filledQuantity: 0,
  triggeredAt: null,
  revision: 0,
  filledValuePaise: 0n,
  chargesPaise: 0n,
  status: 'awaiting',
  offeringId: null,
  lots: null,
  lotSize: null,
  reason: null,
});

const text = (values: (string | null)[]) => sql.param(values);
const numbers = (values: (bigint | number | null)[]) =>
  sql.param(values.map((v) => (v === null ? null : v.toString())));
const moments = (values: (Date | null)[]) =>
  sql.param(values.map((v) => (v === null ? null : v.toISOString())));

/**
 * The rows as one INSERT, one row returned a row written. Every column goes as an array
 * parameter, so its text is the same whatever the batch's size and it runs prepared
 * (executeNamed).
 */
export function insertPlacedStatement(rows: readonly OrderRow[]): SQL {
  const column = <K extends keyof OrderRow>(key: K) => rows.map((row) => row[key]);
  return sql`
    insert into ${orders} (id, client_id, type, side, symbol, quantity, filled_quantity,
      price_paise, trigger_paise, triggered_at, revision, filled_value_paise, charges_paise,
      hold_paise, status, offering_id, lots, lot_size, reason, origin, valid_until, created_at,
      updated_at)
    select * from unnest(
      ${text(column('id'))}::uuid[], ${text(column('clientId'))}::uuid[],
      ${text(column('type'))}::text[], ${text(column('side'))}::text[],
      ${text(column('symbol'))}::text[], ${numbers(column('quantity'))}::bigint[],
      ${numbers(column('filledQuantity'))}::bigint[], ${numbers(column('pricePaise'))}::bigint[],
      ${numbers(column('triggerPaise'))}::bigint[], ${moments(column('triggeredAt'))}::timestamptz[],
      ${numbers(column('revision'))}::int[], ${numbers(column('filledValuePaise'))}::bigint[],
      ${numbers(column('chargesPaise'))}::bigint[], ${numbers(column('holdPaise'))}::bigint[],
      ${text(column('status'))}::text[], ${text(column('offeringId'))}::uuid[],
      ${numbers(column('lots'))}::int[], ${numbers(column('lotSize'))}::int[],
      ${text(column('reason'))}::text[], ${text(column('origin'))}::text[],
      ${moments(column('validUntil'))}::timestamptz[], ${moments(column('createdAt'))}::timestamptz[],
      ${moments(column('updatedAt'))}::timestamptz[])
    returning 1`;
}
