/**
 * GTT (good till triggered) orders: a client sets a trigger, valid for a year, that holds no
 * cash and no shares; when a print crosses it, the GTT fires and places a limit order
 * (placement.placeTriggered), which holds cash or reserves shares then — or is rejected with
 * the reason when it cannot. A single GTT fires when the price crosses its trigger from the
 * side it was on when set; an OCO (a target above the price and a stop below it, selling a
 * holding) fires whichever leg the price reaches first. Firing locks the row, decides on the
 * locked row (an edit may have moved the triggers) and takes the one step `trigger` from
 * active: so of two legs, or two passes, exactly one fires, and the other leg is cancelled by
 * the same UPDATE. The matcher calls `check` on every print and `expire` on its sweep.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  formatPaise,
  GM,
  GTT_STEPS,
  GTT_VALID_DAYS,
  MIN_TRADE_PAISE,
  TM,
  type TGtt,
  type TGttStatus,
  daysInMs,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import {
  inTransaction,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import { applyTransition, lifecycle, type TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import { type Market, tickOf } from '../market/service.ts';
import type { NameOf } from './orders.ts';
import type { Placement } from './placement.ts';
import { gttNotice } from './views.ts';
import { gtts, holdings, orders } from './tables.ts';

export type GttRow = typeof gtts.$inferSelect;
type Leg = 'target' | 'stop';

const SYSTEM = { type: 'system', id: 'gtt' } as const;
const MAX_ACTIVE = 200;

const GTT = lifecycle({
  name: 'gtt',
  subject: 'gtt',
  table: gtts,
  state: { field: 'status' },
  transitions: GTT_STEPS,
  refuse: (_step, current: TGttStatus | null) =>
    current === null ? notFound(GM.notFound) : conflict(GM.notActive(current)),
  notice: (row) => gttNotice(row),
});

/** Which leg a print at `last` fires, if any. */
export function legCrossed(
  row: Pick<GttRow, 'kind' | 'triggerPaise' | 'stopTriggerPaise' | 'referencePaise'>,
  last: bigint,
): Leg | null {
  if (row.kind === 'oco') {
    if (last >= row.triggerPaise) return 'target';
    if (row.stopTriggerPaise !== null && last <= row.stopTriggerPaise) return 'stop';
    return null;
  }
  const rising = row.triggerPaise > row.referencePaise;
  return (rising ? last >= row.triggerPaise : last <= row.triggerPaise) ? 'target' : null;
}

export type GttInput = {
  kind: 'single' | 'oco';
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  trigger_price: bigint;
  limit_price: bigint;
  stop_trigger_price?: bigint | undefined;
  stop_limit_price?: bigint | undefined;
  pin: string;
};
export type GttEditInput = Partial<Omit<GttInput, 'kind' | 'symbol' | 'side' | 'pin'>> & {
  pin: string;
};

/**
 * A GTT from a client's API app (modules/connect): the app's session stands in for the PIN,
 * the app goes on the audit row, and `onSaved` runs in the GTT's transaction (the API's own
 * record of it).
 */
export type ApiGtt = { appId: string; onSaved?: (tx: Tx, gttId: string) => Promise<void> };
type GttAuthorisation = { sessionId: string; api?: undefined } | { api: ApiGtt };

type Deps = {
  db: Db;
  clock: Clock;
  clients: ClientService;
  market: Market;
  placement: Placement;
  nameOf: NameOf;
  events?: TransitionEvents | undefined;
  log?: (message: string, error?: unknown) => void;
};

export function createGtts(deps: Deps) {
  const { db, clock, clients, market, placement, nameOf, events } = deps;
  const { engine } = market;

  /** The live state of a stock the GTT can trade, or the reason it cannot. */
  function listed(symbol: string) {
    const instrument = engine.instrument(symbol);
    const state = engine.state(symbol);
    if (!instrument || instrument.market !== 'NSE' || !state) throw badRequest(TM.symbolUnknown);
    return state;
  }

  /** The checks of a GTT as set or edited, against the last price now. */
  async function validate(
    tx: Tx,
    clientId: string,
    g: Omit<GttInput, 'pin'>,
  ): Promise<{ last: bigint }> {
    const state = listed(g.symbol);
    const last = BigInt(state.last);
    const tick = BigInt(tickOf(state));
    const onTick = (trigger: bigint, limit: bigint) => {
      if (trigger % tick !== 0n) throw badRequest(TM.triggerOffTick(formatPaise(tick)));
      if (limit % tick !== 0n) throw badRequest(TM.priceOffTick(formatPaise(tick)));
    };
    onTick(g.trigger_price, g.limit_price);
    if (g.kind === 'oco') {
      if (g.side !== 'sell') throw badRequest(GM.ocoSellOnly);
      if (g.stop_trigger_price === undefined || g.stop_limit_price === undefined)
        throw badRequest(GM.ocoNeedsStop);
      onTick(g.stop_trigger_price, g.stop_limit_price);
      if (g.trigger_price <= last) throw badRequest(GM.targetAboveLast(formatPaise(last)));
      if (g.stop_trigger_price >= last) throw badRequest(GM.stopBelowLast(formatPaise(last)));
    } else if (g.trigger_price === last) throw badRequest(GM.triggerIsLast(formatPaise(last)));
    if (g.side === 'buy') {
      if (g.limit_price * BigInt(g.quantity) < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
    } else {
      // What could be sold when it fires: the holding less what is pledged.
      const [held] = await tx
        .select({ quantity: holdings.quantity, pledged: holdings.pledged })
        .from(holdings)
        .where(and(eq(holdings.clientId, clientId), eq(holdings.symbol, g.symbol)));
      if (!held || held.quantity - held.pledged < g.quantity)
        throw badRequest(GM.beyondHolding(g.kind));
    }
    return { last };
  }

  async function checkedClient(clientId: string, pin: string, auth: GttAuthorisation) {
    const client = await clients.byId(clientId);
    if (client.kycStatus !== 'approved') throw forbidden(TM.kycRequired);
    if (auth.api) return;
    if (!client.pinHash) throw badRequest(TM.setPinToTrade);
    await clients.verifyTradingPin(client, pin, auth.sessionId);
  }
  const apiAudit = (auth: GttAuthorisation) =>
    auth.api ? { origin: 'api', api_app_id: auth.api.appId } : {};

  async function views(rows: GttRow[], executor: Executor = db): Promise<TGtt[]> {
    const names = await nameOf([...new Set(rows.map((r) => r.symbol))], executor);
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
    return rows.map((r) => {
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
        name: names.get(r.symbol) ?? r.symbol,
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
        order_status: r.orderId ? (statuses.get(r.orderId) ?? null) : null,
        reason: r.reason,
        expires_at: r.expiresAt.toISOString(),
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      };
    });
  }

  const audited = (row: GttRow) => ({
    kind: row.kind,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    triggerPaise: row.triggerPaise.toString(),
    limitPaise: row.limitPaise.toString(),
    stopTriggerPaise: row.stopTriggerPaise?.toString() ?? null,
    stopLimitPaise: row.stopLimitPaise?.toString() ?? null,
  });

  async function lockOwn(tx: Tx, clientId: string, id: string) {
    const [row] = await tx
      .select()
      .from(gtts)
      .where(and(eq(gtts.id, id), eq(gtts.clientId, clientId)))
      .for('update');
    if (!row) throw notFound(GM.notFound);
    return row;
  }

  /**
   * Fires the GTT if a print at `last` crosses a leg of it as it is now (locked), placing the
   * leg's limit order in the same transaction. Null when nothing fired.
   */
  async function fire(id: string, last: bigint) {
    return inTransaction(db, async (tx) => {
      const [row] = await tx.select().from(gtts).where(eq(gtts.id, id)).for('update');
      if (!row || row.status !== 'active' || row.expiresAt <= clock.now()) return null;
      const leg = legCrossed(row, last);
      if (!leg) return null;
      const now = clock.now();
      await applyTransition(tx, GTT, 'trigger', {
        id,
        at: now,
        set: { firedLeg: leg, triggeredAt: now, updatedAt: now },
        audit: {
          actor: SYSTEM,
          action: 'trigger',
          details: () => ({ leg, lastPaise: last.toString(), ...audited(row) }),
        },
        events,
      });
      const order = await placement.placeTriggered(tx, {
        clientId: row.clientId,
        symbol: row.symbol,
        side: row.side as 'buy' | 'sell',
        quantity: row.quantity,
        limitPaise: leg === 'target' ? row.limitPaise : row.stopLimitPaise!,
        actor: SYSTEM,
      });
      await tx
        .update(gtts)
        .set({ orderId: order.id, reason: order.status === 'rejected' ? order.reason : null })
        .where(eq(gtts.id, id));
      return order;
    });
  }

  return {
    fire,

    async create(
      clientId: string,
      input: GttInput,
      options: GttAuthorisation & { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TGtt> {
      await checkedClient(clientId, input.pin, options);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const [active] = await tx
          .select({ n: count() })
          .from(gtts)
          .where(and(eq(gtts.clientId, clientId), eq(gtts.status, 'active')));
        if ((active?.n ?? 0) >= MAX_ACTIVE) throw badRequest(GM.tooMany);
        const { last } = await validate(tx, clientId, input);
        const now = clock.now();
        const [row] = await tx
          .insert(gtts)
          .values({
            id: randomUUID(),
            clientId,
            kind: input.kind,
            symbol: input.symbol,
            side: input.side,
            quantity: input.quantity,
            triggerPaise: input.trigger_price,
            limitPaise: input.limit_price,
            stopTriggerPaise: input.kind === 'oco' ? input.stop_trigger_price! : null,
            stopLimitPaise: input.kind === 'oco' ? input.stop_limit_price! : null,
            referencePaise: last,
            expiresAt: new Date(now.getTime() + daysInMs(GTT_VALID_DAYS)),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, options.actor, {
          action: 'gtt.create',
          subjectType: 'gtt',
          subjectId: row!.id,
          after: { ...audited(row!), status: 'active', ...apiAudit(options) },
        });
        await options.api?.onSaved?.(tx, row!.id);
        return (await views([row!], tx))[0]!;
      });
    },

    /** New quantity or prices of an active GTT, checked as when set; the validity stays. */
    async edit(
      clientId: string,
      id: string,
      input: GttEditInput,
      options: GttAuthorisation & { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TGtt> {
      await checkedClient(clientId, input.pin, options);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const current = await lockOwn(tx, clientId, id);
        if (current.status !== 'active') throw conflict(GM.notActive(current.status));
        const merged = {
          kind: current.kind as 'single' | 'oco',
          symbol: current.symbol,
          side: current.side as 'buy' | 'sell',
          quantity: input.quantity ?? current.quantity,
          trigger_price: input.trigger_price ?? current.triggerPaise,
          limit_price: input.limit_price ?? current.limitPaise,
          stop_trigger_price: input.stop_trigger_price ?? current.stopTriggerPaise ?? undefined,
          stop_limit_price: input.stop_limit_price ?? current.stopLimitPaise ?? undefined,
        };
        const { last } = await validate(tx, clientId, merged);
        const [changed] = await tx
          .update(gtts)
          .set({
            quantity: merged.quantity,
            triggerPaise: merged.trigger_price,
            limitPaise: merged.limit_price,
            stopTriggerPaise: current.kind === 'oco' ? merged.stop_trigger_price! : null,
            stopLimitPaise: current.kind === 'oco' ? merged.stop_limit_price! : null,
            referencePaise: last,
            revision: current.revision + 1,
            updatedAt: clock.now(),
          })
          .where(and(eq(gtts.id, id), eq(gtts.status, 'active')))
          .returning();
        await recordAudit(tx, options.actor, {
          action: 'gtt.edit',
          subjectType: 'gtt',
          subjectId: id,
          before: audited(current),
          after: { ...audited(changed!), revision: changed!.revision, ...apiAudit(options) },
        });
        return (await views([changed!], tx))[0]!;
      });
    },

    /**
     * A corporate action on the scrip cancels every active GTT in it (the exchanges cancel
     * open orders on an ex-date; a trigger set on the old price would fire on the wrong one).
     */
    async cancelInScrip(tx: Tx, symbol: string, reason: string, actor: Actor): Promise<number> {
      const active = await tx
        .select({ id: gtts.id })
        .from(gtts)
        .where(and(eq(gtts.symbol, symbol), eq(gtts.status, 'active')))
        .orderBy(asc(gtts.id))
        .for('update');
      for (const { id } of active)
        await applyTransition(tx, GTT, 'cancel', {
          id,
          at: clock.now(),
          set: { updatedAt: clock.now(), reason },
          audit: { actor, action: 'corporate_action' },
          events,
        });
      return active.length;
    },

    /** Deletes an active GTT (it becomes `cancelled`); a fired or expired one stays as it is. */
    async remove(clientId: string, id: string, options: { actor: Actor }): Promise<TGtt> {
      return inTransaction(db, async (tx) => {
        const row = await applyTransition(tx, GTT, 'cancel', {
          id,
          at: clock.now(),
          where: eq(gtts.clientId, clientId),
          set: { updatedAt: clock.now() },
          audit: { actor: options.actor, action: 'delete' },
          events,
        });
        return (await views([row], tx))[0]!;
      });
    },

    async list(clientId: string, view: 'active' | 'history' | 'all'): Promise<TGtt[]> {
      const rows = await db
        .select()
        .from(gtts)
        .where(
          and(
            eq(gtts.clientId, clientId),
            view === 'active'
              ? eq(gtts.status, 'active')
              : view === 'history'
                ? sql`${gtts.status} <> 'active'`
                : undefined,
          ),
        )
        .orderBy(desc(gtts.createdAt), asc(gtts.id))
        .limit(500);
      return views(rows);
    },

    async ofClient(clientId: string, id: string): Promise<TGtt> {
      const [row] = await db
        .select()
        .from(gtts)
        .where(and(eq(gtts.id, id), eq(gtts.clientId, clientId)));
      if (!row) throw notFound(GM.notFound);
      return (await views([row]))[0]!;
    },

    /**
     * One pass over the active GTTs of `symbols` (all when omitted) against the last prints:
     * each that a print after it was set crosses fires in its own transaction, so one
     * client's refusal touches no other GTT.
     */
    async check(symbols?: string[]): Promise<number> {
      if (symbols && symbols.length === 0) return 0;
      const rows = await db
        .select()
        .from(gtts)
        .where(and(eq(gtts.status, 'active'), symbols ? inArray(gtts.symbol, symbols) : undefined))
        .orderBy(asc(gtts.createdAt));
      let fired = 0;
      for (const row of rows) {
        const state = engine.state(row.symbol);
        if (!state || state.updatedAt <= row.updatedAt) continue; // a print after it was set
        const last = BigInt(state.last);
        if (!legCrossed(row, last)) continue;
        try {
          if (await fire(row.id, last)) fired++;
        } catch (error) {
          deps.log?.(`GTT ${row.id} failed to fire`, error);
        }
      }
      return fired;
    },

    /** Ends the GTTs whose year is over. */
    async expire(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ id: gtts.id })
        .from(gtts)
        .where(and(eq(gtts.status, 'active'), lte(gtts.expiresAt, now)));
      let expired = 0;
      for (const { id } of due) {
        try {
          await inTransaction(db, (tx) =>
            applyTransition(tx, GTT, 'expire', {
              id,
              at: now,
              set: { updatedAt: now },
              audit: { actor: SYSTEM },
              events,
            }),
          );
          expired++;
        } catch (error) {
          deps.log?.(`GTT ${id} failed to expire`, error);
        }
      }
      return expired;
    },
  };
}
export type Gtts = ReturnType<typeof createGtts>;
