/**
 * Orders: placing (market and limit from stock detail, institutional requests, OTC takes and
 * IPO bids), the client's cancel, and the desk's decisions on institutional and OTC orders.
 * Placing takes the cash (buys) or the shares (sells) at once, in the transaction that
 * writes the order; every limit is a guarded UPDATE, so concurrent orders cannot overdraw,
 * oversell a quote or sell shares twice.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  buyCost,
  formatPaise,
  marketBuyHoldValue,
  MIN_TRADE_PAISE,
  type TChargeSchedule,
  TM,
  type TOrder,
  type TOrderListQuery,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import {
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/idempotency.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { clientAccount, InsufficientBalance, type LedgerService } from '../ledger/service.ts';
import { dayRange } from '../funds/service.ts';
import { bandFor, istDateOf, type Market, tickOf } from '../market/service.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution, OrderRow } from './execution.ts';
import {
  fills,
  holdings,
  institutionalAllocations,
  ipoIssues,
  orders,
  otcQuotes,
} from './tables.ts';
import {
  allocationOpen,
  type FillRow,
  ipoStatus,
  lotLimits,
  orderView,
  quoteOpen,
} from './views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  execution: Execution;
  charges: ChargeSchedule;
  nameOf: (symbols: string[], executor?: Executor) => Promise<Map<string, string>>;
};

export type OrderInput =
  | {
      type: 'market' | 'limit';
      symbol: string;
      side: 'buy' | 'sell';
      quantity: number;
      limit_price?: bigint | undefined;
      pin: string;
    }
  | { type: 'institutional'; offering_id: string; quantity: number; pin: string }
  | { type: 'otc'; offering_id: string; quantity: number; pin: string }
  | { type: 'ipo'; offering_id: string; lots: number; pin: string };

/** A desk decision's actor and transaction, and how to present its result inside it. */
export type DeskOptions<V> = {
  actor: Actor;
  transaction?: TransactionRunner;
  present: (row: OrderRow, tx: Tx) => Promise<V>;
};

const DAY_MINUTES = 24 * 60;
const CLOSE_MINUTE = 15 * 60 + 30;

export function createOrderService(deps: Deps) {
  const { db, clock, ledger, clients, market, execution, charges } = deps;
  const { engine, calendar } = market;

  async function approvedClient(clientId: string): Promise<ClientRow> {
    const client = await clients.byId(clientId);
    if (client.kycStatus !== 'approved') throw forbidden(TM.kycRequired);
    return client;
  }

  /** The end of the session an order placed now trades in (the next one after the close). */
  function sessionEnd(now: Date): Date {
    const info = calendar.sessionAt(now);
    const next = calendar.nextOpen(now);
    if (!next) return new Date(Date.parse(`${info.istDate}T00:00:00+05:30`) + DAY_MINUTES * 60_000);
    const today = calendar.isTradingDay(info.istDate) && info.minute < CLOSE_MINUTE;
    const day = today ? info.istDate : istDateOf(next);
    return new Date(Date.parse(`${day}T00:00:00+05:30`) + CLOSE_MINUTE * 60_000);
  }

  /** Takes cash to hold for a buy; a short balance is the trading message, not the funds one. */
  async function holdCash(tx: Tx, clientId: string, orderId: string, amount: bigint, memo: string) {
    try {
      await ledger.transfer(tx, {
        kind: 'order_hold',
        clientId,
        memo,
        reference: `order:${orderId}`,
        idempotencyKey: `order:${orderId}:hold`,
        from: clientAccount(clientId, 'cash_available'),
        to: clientAccount(clientId, 'cash_on_hold'),
        amount,
      });
    } catch (error) {
      if (error instanceof InsufficientBalance) throw badRequest(TM.insufficientCash);
      throw error;
    }
  }

  /** Puts shares up for sale: only the part of the holding not already reserved. */
  async function reserveShares(tx: Tx, clientId: string, symbol: string, quantity: number) {
    const moved = await tx
      .update(holdings)
      .set({ reserved: sql`${holdings.reserved} + ${quantity}`, updatedAt: clock.now() })
      .where(
        and(
          eq(holdings.clientId, clientId),
          eq(holdings.symbol, symbol),
          sql`${holdings.quantity} - ${holdings.reserved} >= ${quantity}`,
        ),
      )
      .returning({ symbol: holdings.symbol });
    if (moved.length === 0) throw badRequest(TM.insufficientHolding);
  }

  async function freeShares(tx: Tx, clientId: string, symbol: string) {
    const [row] = await tx
      .select({ quantity: holdings.quantity, reserved: holdings.reserved })
      .from(holdings)
      .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, symbol)));
    return row ? row.quantity - row.reserved : 0;
  }

  async function insertOrder(tx: Tx, row: typeof orders.$inferInsert) {
    const [inserted] = await tx.insert(orders).values(row).returning();
    return inserted!;
  }

  // ---------- Placing, by type ----------

  async function placeOnMarket(
    tx: Tx,
    client: ClientRow,
    input: Extract<OrderInput, { type: 'market' | 'limit' }>,
    schedule: TChargeSchedule,
  ) {
    const instrument = engine.instrument(input.symbol);
    const state = engine.state(input.symbol);
    if (!instrument || instrument.market !== 'NSE' || !state) {
      // Allotted IPO shares are held before the stock lists; they trade from the listing on.
      const held = await freeShares(tx, client.id, input.symbol);
      throw badRequest(held > 0 ? TM.notListed : TM.symbolUnknown);
    }
    let price: bigint;
    if (input.type === 'limit') {
      if (input.limit_price === undefined) throw badRequest(TM.priceRequired);
      price = input.limit_price;
      const tick = BigInt(tickOf(state));
      if (price % tick !== 0n) throw badRequest(TM.priceOffTick(formatPaise(tick)));
      const band = bandFor(instrument, state);
      if (band && (price < BigInt(band.lower) || price > BigInt(band.upper)))
        throw badRequest(TM.priceOutsideBand(formatPaise(band.lower), formatPaise(band.upper)));
    } else price = BigInt(state.last);
    const value = price * BigInt(input.quantity);
    const id = randomUUID();
    let hold = 0n;
    if (input.side === 'buy') {
      if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
      const covered = input.type === 'market' ? marketBuyHoldValue(value) : value;
      hold = buyCost(schedule, covered);
      await holdCash(
        tx,
        client.id,
        id,
        hold,
        `Buy ${input.quantity} ${input.symbol}: amount on hold`,
      );
    } else {
      const free = await freeShares(tx, client.id, input.symbol);
      // A small remainder may always be sold off whole; otherwise the minimum applies.
      if (value < MIN_TRADE_PAISE && input.quantity !== free) throw badRequest(TM.belowMinimum);
      await reserveShares(tx, client.id, input.symbol, input.quantity);
    }
    return insertOrder(tx, {
      id,
      clientId: client.id,
      type: input.type,
      side: input.side,
      symbol: input.symbol,
      quantity: input.quantity,
      pricePaise: input.type === 'limit' ? price : null,
      holdPaise: hold,
      validUntil: sessionEnd(clock.now()),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  }

  async function placeInstitutional(
    tx: Tx,
    client: ClientRow,
    input: Extract<OrderInput, { type: 'institutional' }>,
    schedule: TChargeSchedule,
  ) {
    const [offer] = await tx
      .select()
      .from(institutionalAllocations)
      .where(eq(institutionalAllocations.id, input.offering_id));
    if (!offer) throw notFound(TM.offeringNotFound);
    if (!allocationOpen(offer, clock.now())) throw badRequest(TM.offeringClosed);
    if (input.quantity > offer.quantity - offer.allocated) throw badRequest(TM.beyondOffering);
    const value = offer.pricePaise * BigInt(input.quantity);
    if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
    const id = randomUUID();
    const hold = buyCost(schedule, value);
    await holdCash(
      tx,
      client.id,
      id,
      hold,
      `Institutional request for ${input.quantity} ${offer.symbol}: amount on hold`,
    );
    return insertOrder(tx, {
      id,
      clientId: client.id,
      type: 'institutional',
      side: 'buy',
      symbol: offer.symbol,
      quantity: input.quantity,
      pricePaise: offer.pricePaise,
      holdPaise: hold,
      offeringId: offer.id,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  }

  async function placeOtc(
    tx: Tx,
    client: ClientRow,
    input: Extract<OrderInput, { type: 'otc' }>,
    schedule: TChargeSchedule,
  ) {
    const [quote] = await tx.select().from(otcQuotes).where(eq(otcQuotes.id, input.offering_id));
    if (!quote) throw notFound(TM.offeringNotFound);
    if (!quoteOpen(quote, clock.now())) throw badRequest(TM.offeringClosed);
    const value = quote.pricePaise * BigInt(input.quantity);
    if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
    // The take: never more than remains, however many clients take at once.
    const taken = await tx
      .update(otcQuotes)
      .set({ taken: sql`${otcQuotes.taken} + ${input.quantity}` })
      .where(
        and(
          eq(otcQuotes.id, quote.id),
          sql`${otcQuotes.quantity} - ${otcQuotes.taken} >= ${input.quantity}`,
          sql`${otcQuotes.closedAt} is null`,
        ),
      )
      .returning({ id: otcQuotes.id });
    if (taken.length === 0) throw badRequest(TM.beyondOffering);
    const id = randomUUID();
    let hold = 0n;
    if (quote.side === 'buy') {
      hold = buyCost(schedule, value);
      await holdCash(
        tx,
        client.id,
        id,
        hold,
        `OTC take of ${input.quantity} ${quote.symbol}: amount on hold`,
      );
    } else await reserveShares(tx, client.id, quote.symbol, input.quantity);
    return insertOrder(tx, {
      id,
      clientId: client.id,
      type: 'otc',
      side: quote.side,
      symbol: quote.symbol,
      quantity: input.quantity,
      pricePaise: quote.pricePaise,
      holdPaise: hold,
      offeringId: quote.id,
      validUntil: quote.validUntil,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  }

  async function placeIpo(tx: Tx, client: ClientRow, input: Extract<OrderInput, { type: 'ipo' }>) {
    const [issue] = await tx.select().from(ipoIssues).where(eq(ipoIssues.id, input.offering_id));
    if (!issue) throw notFound(TM.offeringNotFound);
    if (ipoStatus(issue, istDateOf(clock.now())) !== 'open') throw badRequest(TM.ipoNotOpen);
    const { lotValue, minLots, maxLots } = lotLimits(issue);
    if (input.lots > maxLots) throw badRequest(TM.aboveRetailCap);
    if (input.lots < minLots) throw badRequest(TM.belowMinimum);
    const id = randomUUID();
    const hold = lotValue * BigInt(input.lots);
    await holdCash(
      tx,
      client.id,
      id,
      hold,
      `IPO bid for ${input.lots} lots of ${issue.symbol}: amount blocked`,
    );
    try {
      // A savepoint, so that a second application fails cleanly inside the caller's transaction.
      return await tx.transaction((inner) =>
        insertOrder(inner as unknown as Tx, {
          id,
          clientId: client.id,
          type: 'ipo',
          side: 'buy',
          symbol: issue.symbol,
          quantity: input.lots * issue.lotSize,
          pricePaise: issue.priceHighPaise,
          holdPaise: hold,
          offeringId: issue.id,
          lots: input.lots,
          lotSize: issue.lotSize,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'orders_one_ipo_application'))
        throw badRequest(TM.alreadyApplied);
      throw error;
    }
  }

  // ---------- Views ----------

  async function fillsOf(orderIds: string[], executor: Executor): Promise<Map<string, FillRow[]>> {
    const byOrder = new Map<string, FillRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await executor
      .select()
      .from(fills)
      .where(inArray(fills.orderId, orderIds))
      .orderBy(asc(fills.id));
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /** Views of orders; inside a transaction, pass it (the answer is read in it). */
  async function views(rows: OrderRow[], executor: Executor = db): Promise<TOrder[]> {
    const byOrder = await fillsOf(
      rows.map((r) => r.id),
      executor,
    );
    const names = await deps.nameOf([...new Set(rows.map((r) => r.symbol))], executor);
    return rows.map((r) => orderView(r, names.get(r.symbol) ?? r.symbol, byOrder.get(r.id) ?? []));
  }
  const viewOf = async (row: OrderRow, executor: Executor = db) =>
    (await views([row], executor))[0]!;

  async function audit(tx: Tx, actor: Actor, action: string, row: OrderRow, extra: object = {}) {
    await recordAudit(tx, actor, {
      action: `order.${action}`,
      subjectType: 'order',
      subjectId: row.id,
      after: {
        clientId: row.clientId,
        type: row.type,
        side: row.side,
        symbol: row.symbol,
        quantity: row.quantity,
        status: row.status,
        holdPaise: row.holdPaise.toString(),
        ...extra,
      },
    });
  }

  return {
    views,
    viewOf,
    sessionEnd,

    /** Institutional requests and OTC takes waiting for the desk. */
    async countAwaitingDesk() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.status, 'awaiting'), inArray(orders.type, ['institutional', 'otc'])));
      return row?.n ?? 0;
    },

    async place(
      clientId: string,
      input: OrderInput,
      options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
    ): Promise<TOrder> {
      const client = await approvedClient(clientId);
      if (!client.pinHash) throw badRequest(TM.setPinToTrade);
      // Outside a transaction: a wrong PIN must count even though the order fails. Within the
      // session's trading window this is an HMAC comparison, not a 45 ms argon2id hash.
      await clients.verifyTradingPin(client, input.pin, options.sessionId);
      const schedule = await charges.current();
      const transaction = options.transaction ?? plainTransaction(db);
      const row = await transaction(async (tx) => {
        let placed: OrderRow;
        switch (input.type) {
          case 'institutional':
            placed = await placeInstitutional(tx, client, input, schedule);
            break;
          case 'otc':
            placed = await placeOtc(tx, client, input, schedule);
            break;
          case 'ipo':
            placed = await placeIpo(tx, client, input);
            break;
          default:
            placed = await placeOnMarket(tx, client, input, schedule);
        }
        await audit(tx, options.actor, 'place', placed);
        return viewOf(placed, tx);
      });
      return row;
    },

    async cancel(
      clientId: string,
      orderId: string,
      options: { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TOrder> {
      const transaction = options.transaction ?? plainTransaction(db);
      const row = await transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)))
          .for('update');
        if (!current) throw notFound(TM.orderNotFound);
        if (current.status !== 'awaiting') throw conflict(TM.cannotCancel);
        if (current.type === 'ipo' && current.offeringId) {
          const [issue] = await tx
            .select()
            .from(ipoIssues)
            .where(eq(ipoIssues.id, current.offeringId));
          if (issue && ipoStatus(issue, istDateOf(clock.now())) !== 'open')
            throw conflict(TM.ipoNotOpen);
        }
        const cancelled = await execution.release(tx, current, 'cancelled', null);
        await audit(tx, options.actor, 'cancel', cancelled);
        return viewOf(cancelled, tx);
      });
      return row;
    },

    async ofClient(clientId: string, orderId: string): Promise<TOrder> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)));
      if (!row) throw notFound(TM.orderNotFound);
      return viewOf(row);
    },

    /** A client's orders, newest first, by (created_at, id) cursor. */
    async listOfClient(clientId: string, query: TOrderListQuery & { limit: number }) {
      return list({ ...query, clientId, order: 'newest' });
    },

    list,

    // ---------- The desk ----------

    /** Institutional: allocate `quantity` (0 = none) of what the client asked for. */
    allocate<V>(orderId: string, quantity: number, options: DeskOptions<V>): Promise<V> {
      return decide(orderId, options, 'institutional', async (tx, order, schedule) => {
        if (quantity > order.quantity) throw badRequest(TM.allocateTooMuch);
        if (quantity === 0) {
          const row = await execution.release(tx, order, 'rejected', 'Not allocated');
          return { row, action: 'allocate', extra: { allocated: 0 } };
        }
        const moved = await tx
          .update(institutionalAllocations)
          .set({ allocated: sql`${institutionalAllocations.allocated} + ${quantity}` })
          .where(
            and(
              eq(institutionalAllocations.id, order.offeringId!),
              sql`${institutionalAllocations.quantity} - ${institutionalAllocations.allocated} >= ${quantity}`,
            ),
          )
          .returning({ id: institutionalAllocations.id });
        if (moved.length === 0) throw badRequest(TM.allocateTooMuch);
        const row = await fillAll(tx, order, quantity, schedule);
        return { row, action: 'allocate', extra: { allocated: quantity } };
      });
    },

    /** OTC: confirm a take inside the quote's validity. */
    confirm<V>(orderId: string, options: DeskOptions<V>): Promise<V> {
      return decide(orderId, options, 'otc', async (tx, order, schedule) => {
        if (order.validUntil && order.validUntil <= clock.now())
          throw conflict(TM.notAwaiting('expired'));
        return { row: await fillAll(tx, order, order.quantity, schedule), action: 'confirm' };
      });
    },

    /** Institutional or OTC: reject with a reason; everything held returns. */
    reject<V>(orderId: string, reason: string, options: DeskOptions<V>): Promise<V> {
      return decide(orderId, options, ['institutional', 'otc'], async (tx, order) => ({
        row: await execution.release(tx, order, 'rejected', reason),
        action: 'reject',
        extra: { reason },
      }));
    },
  };

  /**
   * One desk decision in one transaction: lock the awaiting order, apply, audit, and answer
   * what `present` makes of the result (read in the same transaction, so that an
   * idempotent replay answers the same).
   */
  async function decide<V>(
    orderId: string,
    options: DeskOptions<V>,
    types: string | string[],
    apply: (
      tx: Tx,
      order: OrderRow,
      schedule: TChargeSchedule,
    ) => Promise<{ row: OrderRow; action: string; extra?: object }>,
  ): Promise<V> {
    const schedule = await charges.current();
    const transaction = options.transaction ?? plainTransaction(db);
    return transaction(async (tx) => {
      const order = await awaitingOf(tx, orderId, types);
      const { row, action, extra } = await apply(tx, order, schedule);
      await audit(tx, options.actor, action, row, extra);
      return options.present(row, tx);
    });
  }

  async function fillAll(tx: Tx, order: OrderRow, quantity: number, schedule: TChargeSchedule) {
    const { order: row } = await execution.fill(tx, order, {
      quantity,
      pricePaise: order.pricePaise!,
      final: true,
      schedule,
    });
    await clients.countTrade(tx, row.clientId);
    return row;
  }

  async function awaitingOf(tx: Tx, orderId: string, types: string | string[]): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound(TM.orderNotFound);
    if (!([] as string[]).concat(types).includes(row.type)) throw badRequest(TM.wrongDesk);
    if (row.status !== 'awaiting') throw conflict(TM.notAwaiting(row.status));
    return row;
  }

  async function list(
    query: Partial<TOrderListQuery> & {
      limit: number;
      clientId?: string | undefined;
      offeringId?: string | undefined;
      statusIn?: string[] | undefined;
      order: 'newest' | 'oldest';
    },
  ): Promise<{ items: OrderRow[]; next_cursor: string | null }> {
    const conditions: (SQL | undefined)[] = [];
    if (query.clientId) conditions.push(eq(orders.clientId, query.clientId));
    if (query.offeringId) conditions.push(eq(orders.offeringId, query.offeringId));
    if (query.view === 'awaiting') conditions.push(eq(orders.status, 'awaiting'));
    if (query.view === 'history') conditions.push(sql`${orders.status} <> 'awaiting'`);
    if (query.status) conditions.push(eq(orders.status, query.status));
    if (query.statusIn) conditions.push(inArray(orders.status, query.statusIn));
    if (query.type) conditions.push(eq(orders.type, query.type));
    if (query.side) conditions.push(eq(orders.side, query.side));
    if (query.symbol) conditions.push(eq(orders.symbol, query.symbol.toUpperCase()));
    const { start, end } = dayRange(query.from, query.to);
    if (start) conditions.push(gte(orders.createdAt, start));
    if (end) conditions.push(lt(orders.createdAt, end));
    const cursor = decodeCursor(query.cursor, 2);
    if (cursor) {
      const at = new Date(cursor[0]!);
      const id = cursor[1]!;
      conditions.push(
        query.order === 'newest'
          ? or(lt(orders.createdAt, at), and(eq(orders.createdAt, at), lt(orders.id, id)))
          : or(
              sql`${orders.createdAt} > ${at}`,
              and(eq(orders.createdAt, at), sql`${orders.id} > ${id}`),
            ),
      );
    }
    const by =
      query.order === 'newest'
        ? [desc(orders.createdAt), desc(orders.id)]
        : [asc(orders.createdAt), asc(orders.id)];
    const rows = await db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(...by)
      .limit(query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items,
      next_cursor:
        rows.length > query.limit && last
          ? encodeCursor([last.createdAt.toISOString(), last.id])
          : null,
    };
  }
}
export type OrderService = ReturnType<typeof createOrderService>;
