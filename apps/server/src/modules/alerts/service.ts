/**
 * Price alerts (docs/api-market.md "Price alerts"): a client sets "above / below ₹X" on a
 * stock; the feed's pass fires each alert once (store.ts `fireReached`), and the fired alert
 * goes out on the bus so that whichever instance holds the client's WebSocket sends it as a
 * toast. Fired alerts are the client's notifications list.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  AlertMessage,
  ALERTS_ACTIVE_MAX,
  paiseNumber,
  type TAlertDirection,
  type TNotifications,
  type ShareRatio,
  type TPriceAlert,
} from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { Market } from '../market/service.ts';
import {
  type AlertRow,
  alertOf,
  alertsOf,
  cancelActive,
  countActive,
  countUnread,
  firedOf,
  fireReached,
  insertAlert,
  markRead,
  rebaseActive,
  symbolsWatched,
  type TStatusFilter,
} from './store.ts';

/** Where fired alerts travel between instances: `{ clientId, alert }` as JSON. */
export const FIRED_CHANNEL = 'alerts:fired';
const NOTIFICATIONS_SHOWN = 50;

export function createAlertsService(deps: {
  db: Db;
  clock: Clock;
  market: Market;
  bus: Bus;
  log?: (message: string, error?: unknown) => void;
}) {
  const { db, clock, market, bus } = deps;
  const { engine } = market;

  function view(row: AlertRow): TPriceAlert {
    const fired = row.status === 'triggered' && row.triggeredPricePaise !== null;
    return {
      id: row.id,
      symbol: row.symbol,
      name: engine.instrument(row.symbol)?.name ?? row.symbol,
      direction: row.direction as TAlertDirection,
      price_paise: paiseNumber(row.pricePaise),
      status: row.status as TPriceAlert['status'],
      created_at: row.createdAt.toISOString(),
      triggered_at: row.triggeredAt?.toISOString() ?? null,
      triggered_price_paise:
        row.triggeredPricePaise === null ? null : paiseNumber(row.triggeredPricePaise),
      read_at: row.readAt?.toISOString() ?? null,
      message: fired
        ? AlertMessage.fired(
            row.symbol,
            row.direction as TAlertDirection,
            row.pricePaise,
            row.triggeredPricePaise!,
          )
        : null,
    };
  }

  async function create(
    clientId: string,
    input: { symbol: string; direction: TAlertDirection; price: bigint },
  ): Promise<TPriceAlert> {
    const instrument = engine.instrument(input.symbol);
    const state = engine.state(input.symbol);
    if (!instrument || !state) throw badRequest(AlertMessage.symbolUnknown);
    if (instrument.market !== 'NSE') throw badRequest(AlertMessage.notAStock);
    // An alert the price already meets would fire on the next print: say so instead.
    const last = BigInt(Math.round(state.last));
    if (input.direction === 'above' && input.price <= last)
      throw badRequest(AlertMessage.alreadyAbove(last));
    if (input.direction === 'below' && input.price >= last)
      throw badRequest(AlertMessage.alreadyBelow(last));
    const row = await inTransaction(db, async (tx) => {
      // One client's creations queue here, so the cap holds under parallel requests.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${clientId}`}))`);
      if ((await countActive(tx, clientId)) >= ALERTS_ACTIVE_MAX)
        throw badRequest(AlertMessage.tooMany);
      return insertAlert(tx, {
        id: randomUUID(),
        clientId,
        symbol: input.symbol,
        direction: input.direction,
        pricePaise: input.price,
        createdAt: clock.now(),
      });
    });
    return view(row);
  }

  async function cancel(clientId: string, id: string): Promise<TPriceAlert> {
    const row = await cancelActive(db, clientId, id, clock.now());
    if (row) return view(row);
    // Another client's alert reads as missing (IDOR → 404), one's own fired one as a conflict.
    if (!(await alertOf(db, clientId, id))) throw notFound(AlertMessage.notFound);
    throw conflict(AlertMessage.notActive);
  }

  /**
   * One pass over the given symbols' last prices (every watched symbol when omitted): fires
   * what they reach, then publishes each fired alert (its UPDATE has committed by then).
   */
  async function check(symbols?: string[]): Promise<TPriceAlert[]> {
    const watched = new Set(await symbolsWatched(db));
    const prices = (symbols ?? [...watched])
      .filter((symbol) => watched.has(symbol))
      .flatMap((symbol) => {
        const state = engine.state(symbol);
        return state ? [{ symbol, lastPaise: BigInt(Math.round(state.last)) }] : [];
      });
    const fired = await fireReached(db, prices, clock.now());
    return fired.map((row) => {
      const alert = view(row);
      bus.publish(FIRED_CHANNEL, JSON.stringify({ clientId: row.clientId, alert }));
      return alert;
    });
  }

  async function list(clientId: string, status: TStatusFilter) {
    return (await alertsOf(db, clientId, status)).map(view);
  }

  async function notifications(clientId: string): Promise<TNotifications> {
    const [rows, unread] = await Promise.all([
      firedOf(db, clientId, NOTIFICATIONS_SHOWN),
      countUnread(db, clientId),
    ]);
    return { items: rows.map(view), unread };
  }

  async function readNotifications(clientId: string) {
    return { marked: await markRead(db, clientId, clock.now()) };
  }

  /**
   * Every instance hands the fired alerts it hears to its own WebSocket clients; the leader's
   * pass is the only one that fires them.
   */
  function deliver() {
    return bus.subscribe(FIRED_CHANNEL, (message) => {
      try {
        const { clientId, alert } = JSON.parse(message) as { clientId: string; alert: TPriceAlert };
        market.live.sendToClient(clientId, { type: 'alert', alert });
      } catch (error) {
        deps.log?.('alert delivery failed', error);
      }
    });
  }

  /**
   * The leader's job: after each engine step, one pass over the symbols that moved. Passes
   * never overlap here (the guarded UPDATE would make overlapping ones safe all the same).
   */
  function start() {
    const pending = new Set<string>();
    let running: Promise<unknown> | null = null;
    const run = () => {
      if (running || pending.size === 0) return;
      const symbols = [...pending];
      pending.clear();
      running = check(symbols)
        .catch((error) => deps.log?.('price alert pass failed', error))
        .finally(() => {
          running = null;
          run();
        });
    };
    const stop = engine.onQuotes((symbols) => {
      for (const s of symbols) pending.add(s);
      run();
    });
    return async () => {
      stop();
      while (running) await running;
    };
  }

  return {
    create,
    cancel,
    check,
    list,
    notifications,
    readNotifications,
    deliver,
    start,
    /** In a corporate action's transaction: the scrip's active alerts in the new shares. */
    rebase: (tx: Tx, symbol: string, ratio: ShareRatio) => rebaseActive(tx, symbol, ratio),
  };
}
