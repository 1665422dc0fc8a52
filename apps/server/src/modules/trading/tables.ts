import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, moduleConfigTable, paise } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';
import { staff } from '../staff/tables.ts';

/**
 * Institutional allocations published by operations. `allocated` only grows, by a guarded
 * UPDATE, so two allocations can never hand out more than `quantity`.
 */
export const institutionalAllocations = pgTable(
  'institutional_allocations',
  {
    id: uuid('id').primaryKey(),
    symbol: text('symbol').notNull(),
    pricePaise: paise('price_paise').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    allocated: bigint('allocated', { mode: 'number' }).notNull().default(0),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    closedAt: at('closed_at'),
    note: text('note'),
    createdByStaffId: uuid('created_by_staff_id').references(() => staff.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('institutional_allocations_within', sql`${t.allocated} between 0 and ${t.quantity}`),
  ],
);

/** OTC desk quotes; `taken` counts awaiting and confirmed takes and never passes `quantity`. */
export const otcQuotes = pgTable(
  'otc_quotes',
  {
    id: uuid('id').primaryKey(),
    symbol: text('symbol').notNull(),
    /** The client's side: buy means clients buy from the desk. */
    side: text('side').notNull(),
    pricePaise: paise('price_paise').notNull(),
    referencePricePaise: paise('reference_price_paise').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    taken: bigint('taken', { mode: 'number' }).notNull().default(0),
    validUntil: at('valid_until').notNull(),
    closedAt: at('closed_at'),
    note: text('note'),
    createdByStaffId: uuid('created_by_staff_id').references(() => staff.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [check('otc_quotes_within', sql`${t.taken} between 0 and ${t.quantity}`)],
);

/** IPO issues: bids until close, then one allotment run, then listing. */
export const ipoIssues = pgTable('ipo_issues', {
  id: uuid('id').primaryKey(),
  symbol: text('symbol').notNull().unique(),
  name: text('name').notNull(),
  sector: text('sector'),
  industry: text('industry'),
  isin: text('isin'),
  description: text('description'),
  priceLowPaise: paise('price_low_paise').notNull(),
  priceHighPaise: paise('price_high_paise').notNull(),
  lotSize: integer('lot_size').notNull(),
  sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
  openDate: date('open_date').notNull(),
  closeDate: date('close_date').notNull(),
  listingDate: date('listing_date').notNull(),
  /** Set when operations close bidding before the close date, or withdraw the issue. */
  closedAt: at('closed_at'),
  withdrawnAt: at('withdrawn_at'),
  issuePricePaise: paise('issue_price_paise'),
  allotmentSeed: text('allotment_seed'),
  /** The allotment run: method, totals and each application's lots. */
  allotment: jsonb('allotment'),
  allottedAt: at('allotted_at'),
  listedAt: at('listed_at'),
  createdByStaffId: uuid('created_by_staff_id').references(() => staff.id),
  createdAt: at('created_at').notNull(),
});

/**
 * Every order of every type. `hold_paise` is the client's cash still on hold for it (buys);
 * `status` moves only along ORDER_TRANSITIONS, by UPDATEs guarded on the current status.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    type: text('type').notNull(),
    side: text('side').notNull(),
    symbol: text('symbol').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    filledQuantity: bigint('filled_quantity', { mode: 'number' }).notNull().default(0),
    /** Limit price, offer price or IPO upper price; null for market and SL-M orders. */
    pricePaise: paise('price_paise'),
    /** SL and SL-M: the trigger price, and when a print crossed it (then it trades as limit/market). */
    triggerPaise: paise('trigger_paise'),
    triggeredAt: at('triggered_at'),
    /** Counts the client's modifications; each one's hold change is keyed by it. */
    revision: integer('revision').notNull().default(0),
    filledValuePaise: paise('filled_value_paise')
      .notNull()
      .default(sql`0`),
    chargesPaise: paise('charges_paise')
      .notNull()
      .default(sql`0`),
    holdPaise: paise('hold_paise')
      .notNull()
      .default(sql`0`),
    status: text('status').notNull().default('awaiting'),
    offeringId: uuid('offering_id'),
    lots: integer('lots'),
    lotSize: integer('lot_size'),
    reason: text('reason'),
    /** Who placed it when not the client: 'pledge_invocation' (operations selling a pledge). */
    origin: text('origin'),
    validUntil: at('valid_until'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('orders_client').on(t.clientId, t.createdAt, t.id),
    index('orders_awaiting').on(t.type, t.status, t.createdAt),
    index('orders_offering').on(t.offeringId),
    /** One live IPO application per client per issue. */
    uniqueIndex('orders_one_ipo_application')
      .on(t.clientId, t.offeringId)
      .where(sql`${t.type} = 'ipo' and ${t.status} = 'awaiting'`),
    check('orders_hold_not_negative', sql`${t.holdPaise} >= 0`),
    check('orders_filled_within', sql`${t.filledQuantity} between 0 and ${t.quantity}`),
  ],
);

/** Executions; each is one contract note and one ledger posting. */
export const fills = pgTable(
  'fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    clientId: clientRef(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    pricePaise: paise('price_paise').notNull(),
    valuePaise: paise('value_paise').notNull(),
    /** The itemised charges (TCharges). */
    charges: jsonb('charges').notNull(),
    chargesPaise: paise('charges_paise').notNull(),
    /** Cost basis taken out of the holding by a sell, and what it realised. */
    costRemovedPaise: paise('cost_removed_paise')
      .notNull()
      .default(sql`0`),
    realisedPaise: paise('realised_paise')
      .notNull()
      .default(sql`0`),
    contractNoteNo: text('contract_note_no').notNull().unique(),
    postingId: bigint('posting_id', { mode: 'number' }).notNull(),
    executedAt: at('executed_at').notNull(),
  },
  (t) => [index('fills_order').on(t.orderId), index('fills_client').on(t.clientId, t.executedAt)],
);

/**
 * What a client holds. `reserved` is put up for sale by awaiting sells; `pledged` is held in
 * pledge for loans (credit module) and can be neither sold nor pledged again. The CHECKs are
 * the last guard against selling or pledging more than is held.
 */
export const holdings = pgTable(
  'holdings',
  {
    clientId: clientRef(),
    symbol: text('symbol').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    pledged: bigint('pledged', { mode: 'number' }).notNull().default(0),
    /** The cost of the shares held (trade value, charges apart). */
    costPaise: paise('cost_paise')
      .notNull()
      .default(sql`0`),
    realisedPaise: paise('realised_paise')
      .notNull()
      .default(sql`0`),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.symbol] }),
    check(
      'holdings_quantity',
      sql`${t.quantity} >= 0 and ${t.reserved} between 0 and ${t.quantity}`,
    ),
    check(
      'holdings_pledged',
      sql`${t.pledged} >= 0 and ${t.reserved} + ${t.pledged} <= ${t.quantity}`,
    ),
    check('holdings_cost', sql`${t.costPaise} >= 0`),
  ],
);

/** The trading module's settings, e.g. the charge schedule. */
export const tradingConfig = moduleConfigTable('trading_config');

/**
 * GTT (good till triggered) orders: a trigger watched for up to a year, holding no cash or
 * shares until it fires and places a limit order. An OCO is one row with two legs (the target
 * above the price, the stop below): firing is the row's one step from `active`, guarded on
 * it, so exactly one leg fires and the other is cancelled by the same UPDATE.
 */
export const gtts = pgTable(
  'gtts',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    kind: text('kind').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** A single GTT's one leg, or an OCO's target leg. */
    triggerPaise: paise('trigger_paise').notNull(),
    limitPaise: paise('limit_paise').notNull(),
    /** An OCO's stop leg. */
    stopTriggerPaise: paise('stop_trigger_paise'),
    stopLimitPaise: paise('stop_limit_paise'),
    /** The last price when created or edited: a single GTT fires when the price crosses its trigger from this side. */
    referencePaise: paise('reference_paise').notNull(),
    status: text('status').notNull().default('active'),
    /** 'target' or 'stop' once fired (a single GTT's leg is its target). */
    firedLeg: text('fired_leg'),
    triggeredAt: at('triggered_at'),
    /** The limit order placed on firing, and the reason when it was refused. */
    orderId: uuid('order_id').references(() => orders.id),
    reason: text('reason'),
    revision: integer('revision').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('gtts_client').on(t.clientId, t.createdAt),
    index('gtts_active')
      .on(t.symbol)
      .where(sql`${t.status} = 'active'`),
    check('gtts_quantity', sql`${t.quantity} > 0`),
    check(
      'gtts_oco_legs',
      sql`${t.kind} <> 'oco' or (${t.stopTriggerPaise} is not null and ${t.stopLimitPaise} is not null)`,
    ),
  ],
);

/**
 * What a corporate action (split, consolidation, bonus, symbol change) did to one client's
 * holding of a scrip: fills are immutable, so the FIFO lots fold these in at `effectiveAt`
 * (the ex-date's start, IST) and positions add `quantityAfter − quantityBefore`. One row per
 * action and client: applying twice finds it there and changes nothing.
 */
export const holdingAdjustments = pgTable(
  'holding_adjustments',
  {
    id: uuid('id').primaryKey(),
    actionId: uuid('action_id').notNull(),
    clientId: clientRef(),
    symbol: text('symbol').notNull(),
    /** split | consolidation | bonus | symbol_change | transfer_in (decision 060) */
    kind: text('kind').notNull(),
    ratioNew: integer('ratio_new').notNull(),
    ratioOld: integer('ratio_old').notNull(),
    newSymbol: text('new_symbol'),
    effectiveAt: at('effective_at').notNull(),
    /** A bonus lot's acquisition (the allotment date, section 55(2)(aa)): its holding period starts here. */
    allottedAt: at('allotted_at'),
    quantityBefore: bigint('quantity_before', { mode: 'number' }).notNull(),
    quantityAfter: bigint('quantity_after', { mode: 'number' }).notNull(),
    pledgedBefore: bigint('pledged_before', { mode: 'number' }).notNull(),
    pledgedAfter: bigint('pledged_after', { mode: 'number' }).notNull(),
    /** A transfer_in lot's original cost (decision 060); 0 for every corporate action. */
    costPaise: paise('cost_paise')
      .notNull()
      .default(sql`0`),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('holding_adjustments_once').on(t.actionId, t.clientId),
    index('holding_adjustments_client').on(t.clientId, t.effectiveAt),
  ],
);
