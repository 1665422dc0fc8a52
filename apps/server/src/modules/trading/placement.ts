/**
 * Placing orders — market and limit from stock detail, institutional requests, OTC takes and
 * IPO bids — and the client's cancel. Placing takes the cash (buys) or the shares (sells) at
 * once, in the transaction that writes the order; every limit is a guarded UPDATE, so
 * concurrent orders cannot overdraw, oversell a quote or sell shares twice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  computeCharges,
  formatPaise,
  MIN_TRADE_PAISE,
  orderCost,
  type TChargeSchedule,
  TM,
  type TOrder,
  istInstant,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import {
  afterCommit,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { clientAccount, InsufficientBalance, type LedgerService } from '../ledger/service.ts';
import { bandFor, type Market, tickOf } from '../market/service.ts';
import { allocationById } from './allocations.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import { type Execution, orderDetails, type OrderRow } from './execution.ts';
import { ipoById } from './ipos.ts';
import { insertOrder, lockOrder, type OrderInput, type OrderReads } from './orders.ts';
import { quoteById, takeFromQuote } from './otc-quotes.ts';
import { holdings, orders } from './tables.ts';
import { allocationOpen, ipoStatus, lotLimits, quoteOpen } from './views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  execution: Execution;
  charges: ChargeSchedule;
  reads: OrderReads;
  /** Where placed orders are announced after commit (engagement counts IPO bids). */
  events?: TransitionEvents | undefined;
};

/** The channel of placed orders: `{ clientId, orderId, type }`. */
export const ORDER_PLACED_CHANNEL = 'trading:order-placed';

const DAY_MINUTES = 24 * 60;

/** The orders that trade against the feed and may be modified while they wait. */
type StopOrLimit = 'market' | 'limit' | 'sl' | 'sl_m';
const isStopOrLimit = (type: string): type is 'limit' | 'sl' | 'sl_m' =>
  type === 'limit' || type === 'sl' || type === 'sl_m';

export type TOrderModify = {
  quantity?: number | undefined;
  limit_price?: bigint | undefined;
  trigger_price?: bigint | undefined;
  pin: string;
};
const CLOSE_MINUTE = 15 * 60 + 30;

/**
 * An order from a client's API app (modules/connect): the app's session is the authorisation
 * in place of the PIN, and the app and its tag go on the order (origin) and the audit trail.
 */
export type ApiPlacement = {
  appId: string;
  tag: string | null;
  /** Runs in the order's transaction once it is written (the API's own record of it). */
  onPlaced?: (tx: Tx, orderId: string) => Promise<void>;
};

/** The trading PIN, or the API app standing in for it. */
type Authorisation = { sessionId: string; api?: undefined } | { api: ApiPlacement };

/** What the audit trail records of an API order: the app and its tag. */
const apiDetails = (api: ApiPlacement | undefined) =>
  api ? { origin: 'api', api_app_id: api.appId, tag: api.tag } : {};

export function createPlacement(deps: Deps) {
  const { db, clock, ledger, clients, market, execution, charges, reads } = deps;
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
    if (!next) return istInstant(info.istDate, DAY_MINUTES);
    const today = calendar.isTradingDay(info.istDate) && info.minute < CLOSE_MINUTE;
    const day = today ? info.istDate : istDateOf(next);
    return istInstant(day, CLOSE_MINUTE);
  }

  /** Takes cash to hold for a buy; a short balance is the trading message, not the funds one. */
  async function holdCash(
    tx: Tx,
    clientId: string,
    orderId: string,
    amount: bigint,
    memo: string,
    revision = 0,
  ) {
    try {
      await ledger.transfer(tx, {
        kind: 'order_hold',
        clientId,
        memo,
        reference: `order:${orderId}`,
        idempotencyKey: revision ? `order:${orderId}:modify:${revision}` : `order:${orderId}:hold`,
        from: clientAccount(clientId, 'cash_available'),
        to: clientAccount(clientId, 'cash_on_hold'),
        amount,
      });
    } catch (error) {
      if (error instanceof InsufficientBalance) throw badRequest(TM.insufficientCash);
      throw error;
    }
  }

  /** Puts shares up for sale: only the part of the holding neither reserved nor pledged. */
  async function reserveShares(tx: Tx, clientId: string, symbol: string, quantity: number) {
    const moved = await tx
      .update(holdings)
      .set({ reserved: sql`${holdings.reserved} + ${quantity}`, updatedAt: clock.now() })
      .where(
        and(
          eq(holdings.clientId, clientId),
          eq(holdings.symbol, symbol),
          sql`${holdings.quantity} - ${holdings.reserved} - ${holdings.pledged} >= ${quantity}`,
        ),
      )
      .returning({ symbol: holdings.symbol });
    if (moved.length === 0) throw badRequest(TM.insufficientHolding);
  }

  async function freeShares(tx: Executor, clientId: string, symbol: string) {
    const [row] = await tx
      .select({
        quantity: holdings.quantity,
        reserved: holdings.reserved,
        pledged: holdings.pledged,
      })
      .from(holdings)
      .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, symbol)));
    return row ? row.quantity - row.reserved - row.pledged : 0;
  }

  // ---------- Placing, by type ----------

  /** The instrument and its live state, for orders that trade against the feed. */
  async function listedState(tx: Executor, clientId: string, symbol: string) {
    const instrument = engine.instrument(symbol);
    const state = engine.state(symbol);
    if (!instrument || instrument.market !== 'NSE' || !state) {
      // Allotted IPO shares are held before the stock lists; they trade from the listing on.
      const held = await freeShares(tx, clientId, symbol);
      throw badRequest(held > 0 ? TM.notListed : TM.symbolUnknown);
    }
    return { instrument, state };
  }

  /**
   * The limit and trigger prices of a market, limit, SL or SL-M order, checked against the
   * tick size, today's band and (for a stop not yet triggered) the last price; and the price
   * its value and hold are counted at: the limit, else the trigger, else the last price.
   */
  function pricesOf(
    order: {
      type: StopOrLimit;
      side: 'buy' | 'sell';
      limit: bigint | null | undefined;
      trigger: bigint | null | undefined;
    },
    listed: Awaited<ReturnType<typeof listedState>>,
    options: { triggered: boolean } = { triggered: false },
  ) {
    const { instrument, state } = listed;
    const tick = BigInt(tickOf(state));
    const band = bandFor(instrument, state);
    const last = BigInt(state.last);
    const inBand = (price: bigint) => {
      if (band && (price < BigInt(band.lower) || price > BigInt(band.upper)))
        throw badRequest(TM.priceOutsideBand(formatPaise(band.lower), formatPaise(band.upper)));
    };
    let limit: bigint | null = null;
    if (order.type === 'limit' || order.type === 'sl') {
      if (order.limit === undefined || order.limit === null) throw badRequest(TM.priceRequired);
      limit = order.limit;
      if (limit % tick !== 0n) throw badRequest(TM.priceOffTick(formatPaise(tick)));
      inBand(limit);
    }
    let trigger: bigint | null = null;
    if (order.type === 'sl' || order.type === 'sl_m') {
      if (order.trigger === undefined || order.trigger === null)
        throw badRequest(TM.triggerRequired);
      trigger = order.trigger;
      if (trigger % tick !== 0n) throw badRequest(TM.triggerOffTick(formatPaise(tick)));
      inBand(trigger);
      if (!options.triggered) {
        if (order.side === 'sell' && trigger >= last)
          throw badRequest(TM.sellTriggerAbove(formatPaise(last)));
        if (order.side === 'buy' && trigger <= last)
          throw badRequest(TM.buyTriggerBelow(formatPaise(last)));
      }
      if (limit !== null && order.side === 'sell' && limit > trigger)
        throw badRequest(TM.sellLimitAboveTrigger);
      if (limit !== null && order.side === 'buy' && limit < trigger)
        throw badRequest(TM.buyLimitBelowTrigger);
    }
    return { limit, trigger, reference: limit ?? trigger ?? last };
  }

  /** What a buy of `value` holds: with no limit (market, SL-M) it carries the buffer. */
  const buyHold = (schedule: TChargeSchedule, limit: bigint | null, value: bigint) =>
    orderCost(schedule, { side: 'buy', valuePaise: value, marketLike: limit === null }).hold;

  async function placeOnMarket(
    tx: Tx,
    client: ClientRow,
    input: Extract<OrderInput, { type: StopOrLimit }>,
    schedule: TChargeSchedule,
    origin: string | null = null,
  ) {
    const listed = await listedState(tx, client.id, input.symbol);
    const { limit, trigger, reference } = pricesOf(
      {
        type: input.type,
        side: input.side,
        limit: input.limit_price,
        trigger: input.trigger_price,
      },
      listed,
    );
    const value = reference * BigInt(input.quantity);
    const id = randomUUID();
    let hold = 0n;
    if (input.side === 'buy') {
      if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
      hold = buyHold(schedule, limit, value);
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
      pricePaise: limit,
      triggerPaise: trigger,
      holdPaise: hold,
      origin,
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
    const offer = await allocationById(tx, input.offering_id);
    if (!offer) throw notFound(TM.offeringNotFound);
    if (!allocationOpen(offer, clock.now())) throw badRequest(TM.offeringClosed);
    if (input.quantity > offer.quantity - offer.allocated) throw badRequest(TM.beyondOffering);
    const value = offer.pricePaise * BigInt(input.quantity);
    if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
    const id = randomUUID();
    const hold = buyHold(schedule, offer.pricePaise, value);
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
    const quote = await quoteById(tx, input.offering_id);
    if (!quote) throw notFound(TM.offeringNotFound);
    if (!quoteOpen(quote, clock.now())) throw badRequest(TM.offeringClosed);
    const value = quote.pricePaise * BigInt(input.quantity);
    if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
    // The take: never more than remains, however many clients take at once.
    if (!(await takeFromQuote(tx, quote.id, input.quantity))) throw badRequest(TM.beyondOffering);
    const id = randomUUID();
    let hold = 0n;
    if (quote.side === 'buy') {
      hold = buyHold(schedule, quote.pricePaise, value);
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
    const issue = await ipoById(tx, input.offering_id);
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

  /**
   * Changes an awaiting limit, SL or SL-M order's quantity, limit or trigger. The order row is
   * locked first, so a fill racing the change settles either the old order (and the change is
   * refused: no longer awaiting) or the changed one; the hold or the reserved shares move by
   * the difference in the same transaction.
   */
  async function modify(
    clientId: string,
    orderId: string,
    input: TOrderModify,
    options: Authorisation & { actor: Actor; transaction?: TransactionRunner },
  ): Promise<TOrder> {
    const client = await approvedClient(clientId);
    if (!options.api) {
      if (!client.pinHash) throw badRequest(TM.setPinToTrade);
      await clients.verifyTradingPin(client, input.pin, options.sessionId);
    }
    if (
      input.quantity === undefined &&
      input.limit_price === undefined &&
      input.trigger_price === undefined
    )
      throw badRequest(TM.nothingToModify);
    const schedule = await charges.current();
    const transaction = options.transaction ?? plainTransaction(db);
    return transaction(async (tx) => {
      const current = await lockOrder(tx, orderId, clientId);
      if (!current) throw notFound(TM.orderNotFound);
      if (current.status !== 'awaiting') throw conflict(TM.notAwaiting(current.status));
      if (!isStopOrLimit(current.type) || current.filledQuantity > 0)
        throw badRequest(TM.cannotModify);
      const triggered = current.triggeredAt !== null;
      if (
        triggered &&
        input.trigger_price !== undefined &&
        input.trigger_price !== current.triggerPaise
      )
        throw badRequest(TM.triggerAlreadyHit);
      const side = current.side as 'buy' | 'sell';
      const quantity = input.quantity ?? current.quantity;
      const listed = await listedState(tx, clientId, current.symbol);
      const { limit, trigger, reference } = pricesOf(
        {
          type: current.type,
          side,
          limit: input.limit_price ?? current.pricePaise,
          trigger: input.trigger_price ?? current.triggerPaise,
        },
        listed,
        { triggered },
      );
      const value = reference * BigInt(quantity);
      const revision = current.revision + 1;
      let hold = 0n;
      if (side === 'buy') {
        if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
        hold = buyHold(schedule, limit, value);
        const more = hold - current.holdPaise;
        const memo = `Modified buy of ${quantity} ${current.symbol}: amount on hold`;
        if (more > 0n) await holdCash(tx, clientId, orderId, more, memo, revision);
        if (more < 0n)
          await ledger.transfer(tx, {
            kind: 'order_release',
            clientId,
            memo,
            reference: `order:${orderId}`,
            idempotencyKey: `order:${orderId}:modify:${revision}`,
            from: clientAccount(clientId, 'cash_on_hold'),
            to: clientAccount(clientId, 'cash_available'),
            amount: -more,
          });
      } else {
        // What the client could sell if this order were not there.
        const free = (await freeShares(tx, clientId, current.symbol)) + current.quantity;
        if (value < MIN_TRADE_PAISE && quantity !== free) throw badRequest(TM.belowMinimum);
        const more = quantity - current.quantity;
        if (more > 0) await reserveShares(tx, clientId, current.symbol, more);
        if (more < 0)
          await tx
            .update(holdings)
            .set({ reserved: sql`${holdings.reserved} - ${-more}`, updatedAt: clock.now() })
            .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, current.symbol)));
      }
      const [changed] = await tx
        .update(orders)
        .set({
          quantity,
          pricePaise: limit,
          triggerPaise: trigger,
          holdPaise: hold,
          revision,
          updatedAt: clock.now(),
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting')))
        .returning();
      if (!changed) throw conflict(TM.notAwaiting(current.status));
      const prices = (row: OrderRow) => ({
        quantity: row.quantity,
        pricePaise: row.pricePaise?.toString() ?? null,
        triggerPaise: row.triggerPaise?.toString() ?? null,
        holdPaise: row.holdPaise.toString(),
      });
      await recordAudit(tx, options.actor, {
        action: 'order.modify',
        subjectType: 'order',
        subjectId: orderId,
        before: prices(current),
        after: { ...prices(changed), revision, ...apiDetails(options.api) },
      });
      return reads.viewOf(changed, tx);
    });
  }

  /**
   * A GTT's limit order, placed when it fires, in the caller's transaction: the checks and the
   * hold of a limit order the client places (their PIN was asked when they set the GTT). When
   * a check refuses it — too little cash now, shares sold meanwhile, a price outside today's
   * band — the order is still written, then rejected at once with that reason, so the client
   * sees why. Only the hold runs in a savepoint: a short balance aborts what it runs in.
   */
  async function placeTriggered(
    tx: Tx,
    input: {
      clientId: string;
      symbol: string;
      side: 'buy' | 'sell';
      quantity: number;
      limitPaise: bigint;
      actor: Actor;
    },
  ): Promise<OrderRow> {
    const { clientId, symbol, side, quantity } = input;
    // In the caller's transaction: a second connection held while it waits could starve the pool.
    const schedule = await charges.current(tx);
    const id = randomUUID();
    let hold = 0n;
    let refusal: string | null = null;
    try {
      const listed = await listedState(tx, clientId, symbol);
      const { limit } = pricesOf(
        { type: 'limit', side, limit: input.limitPaise, trigger: null },
        listed,
      );
      const value = limit! * BigInt(quantity);
      if (side === 'buy') {
        if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
        hold = buyHold(schedule, limit, value);
        await tx.transaction((inner) =>
          holdCash(
            inner as unknown as Tx,
            clientId,
            id,
            hold,
            `GTT buy of ${quantity} ${symbol}: amount on hold`,
          ),
        );
      } else {
        const free = await freeShares(tx, clientId, symbol);
        if (value < MIN_TRADE_PAISE && quantity !== free) throw badRequest(TM.belowMinimum);
        await reserveShares(tx, clientId, symbol, quantity);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = error.message;
      hold = 0n;
    }
    const row = await insertOrder(tx, {
      id,
      clientId,
      type: 'limit',
      side,
      symbol,
      quantity,
      pricePaise: input.limitPaise,
      holdPaise: hold,
      origin: 'gtt',
      validUntil: sessionEnd(clock.now()),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    await recordAudit(tx, input.actor, {
      action: 'order.place',
      subjectType: 'order',
      subjectId: id,
      after: { ...orderDetails(row), origin: 'gtt', refused: refusal },
    });
    // A refused order reserved no shares and holds no cash: rejected with nothing to return.
    return refusal === null
      ? row
      : execution.release(tx, row, 'rejected', refusal, undefined, true);
  }

  return {
    sessionEnd,
    modify,
    placeTriggered,

    /**
     * What placing this market, limit or stop order now would hold, without placing it (the
     * API's order margins): the same symbol and price checks, the same reference price and
     * the same `orderCost` as placing. A sell holds shares, not cash; its charges (the DP
     * charge if it would be the scrip's first sale today) come out of the proceeds.
     */
    async holdOf(clientId: string, input: Omit<Extract<OrderInput, { type: StopOrLimit }>, 'pin'>) {
      const schedule = await charges.current();
      const listed = await listedState(db, clientId, input.symbol);
      const { limit, reference } = pricesOf(
        {
          type: input.type,
          side: input.side,
          limit: input.limit_price,
          trigger: input.trigger_price,
        },
        listed,
      );
      const value = reference * BigInt(input.quantity);
      const marketLike = limit === null;
      if (input.side === 'sell') {
        const dp = !(await execution.paidDpToday(db, clientId, input.symbol));
        const cost = orderCost(schedule, { side: 'sell', valuePaise: value, marketLike }, { dp });
        return { ...cost, price: reference };
      }
      const cost = orderCost(schedule, { side: 'buy', valuePaise: value, marketLike });
      // The charges the hold carries: those on the value it covers, the buffer included.
      const holdCharges = computeCharges(schedule, 'buy', cost.holdValue);
      return { ...cost, charges: holdCharges, price: reference };
    },

    async place(
      clientId: string,
      input: OrderInput,
      options: Authorisation & { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TOrder> {
      const client = await approvedClient(clientId);
      if (!options.api) {
        if (!client.pinHash) throw badRequest(TM.setPinToTrade);
        // Outside a transaction: a wrong PIN must count even though the order fails. Within the
        // session's trading window this is an HMAC comparison, not a 45 ms argon2id hash.
        await clients.verifyTradingPin(client, input.pin, options.sessionId);
      }
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
            placed = await placeOnMarket(tx, client, input, schedule, options.api ? 'api' : null);
        }
        afterCommit(tx, () =>
          deps.events?.publish(
            ORDER_PLACED_CHANNEL,
            JSON.stringify({ clientId, orderId: placed.id, type: placed.type }),
          ),
        );
        await recordAudit(tx, options.actor, {
          action: 'order.place',
          subjectType: 'order',
          subjectId: placed.id,
          after: { ...orderDetails(placed), status: placed.status, ...apiDetails(options.api) },
        });
        await options.api?.onPlaced?.(tx, placed.id);
        return reads.viewOf(placed, tx);
      });
      return row;
    },

    /**
     * Sells pledged shares at market for the credit module (operations invoking a pledge), in
     * the caller's transaction: the shares move from pledged to put up for sale by one guarded
     * UPDATE and a market sell order is written; the matcher fills it against the feed and the
     * proceeds reach the client's cash as any sale's do. The client cannot cancel it.
     */
    async sellPledged(
      tx: Tx,
      input: { clientId: string; symbol: string; quantity: number; actor: Actor; note: string },
    ): Promise<OrderRow> {
      const moved = await tx
        .update(holdings)
        .set({
          pledged: sql`${holdings.pledged} - ${input.quantity}`,
          reserved: sql`${holdings.reserved} + ${input.quantity}`,
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(holdings.clientId, input.clientId),
            eq(holdings.symbol, input.symbol),
            sql`${holdings.pledged} >= ${input.quantity}`,
          ),
        )
        .returning({ symbol: holdings.symbol });
      if (moved.length === 0)
        throw new Error(`Fewer than ${input.quantity} ${input.symbol} are pledged`);
      const row = await insertOrder(tx, {
        id: randomUUID(),
        clientId: input.clientId,
        type: 'market',
        side: 'sell',
        symbol: input.symbol,
        quantity: input.quantity,
        pricePaise: null,
        holdPaise: 0n,
        reason: input.note,
        origin: 'pledge_invocation',
        validUntil: sessionEnd(clock.now()),
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      await recordAudit(tx, input.actor, {
        action: 'order.place',
        subjectType: 'order',
        subjectId: row.id,
        after: { ...orderDetails(row), origin: 'pledge_invocation' },
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
        const current = await lockOrder(tx, orderId, clientId);
        if (!current) throw notFound(TM.orderNotFound);
        if (current.status !== 'awaiting') throw conflict(TM.cannotCancel);
        if (current.origin === 'pledge_invocation') throw conflict(TM.pledgeSaleNoCancel);
        if (current.type === 'ipo' && current.offeringId) {
          const issue = await ipoById(tx, current.offeringId);
          if (issue && ipoStatus(issue, istDateOf(clock.now())) !== 'open')
            throw conflict(TM.ipoNotOpen);
        }
        const cancelled = await execution.release(tx, current, 'cancelled', null, {
          actor: options.actor,
          action: 'cancel',
        });
        return reads.viewOf(cancelled, tx);
      });
      return row;
    },
  };
}
export type Placement = ReturnType<typeof createPlacement>;
