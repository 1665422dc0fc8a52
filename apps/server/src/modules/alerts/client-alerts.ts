/** A client's own alerts: set, cancel, list, and the fired ones as notifications. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  AlertMessage,
  ALERTS_ACTIVE_MAX,
  type TAlertDirection,
  type TNotifications,
  type TPriceAlert,
} from '@sampada/shared';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { AlertsDeps } from './alerts-deps.ts';
import { alertView } from './alert-view.ts';
import {
  alertOf,
  alertsOf,
  cancelActive,
  countActive,
  countUnread,
  firedOf,
  insertAlert,
  type TStatusFilter,
} from './store.ts';

const NOTIFICATIONS_SHOWN = 50;

export async function createAlert(
  { db, clock, market: { engine } }: AlertsDeps,
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
  return alertView(engine, row);
}

export async function cancelAlert(
  { db, clock, market: { engine } }: AlertsDeps,
  clientId: string,
  id: string,
): Promise<TPriceAlert> {
  const row = await cancelActive(db, clientId, id, clock.now());
  if (row) return alertView(engine, row);
  // Another client's alert reads as missing (IDOR → 404), one's own fired one as a conflict.
  if (!(await alertOf(db, clientId, id))) throw notFound(AlertMessage.notFound);
  throw conflict(AlertMessage.notActive);
}

export async function listAlerts(
  { db, market: { engine } }: AlertsDeps,
  clientId: string,
  status: TStatusFilter,
) {
  return (await alertsOf(db, clientId, status)).map((row) => alertView(engine, row));
}

export async function alertNotifications(
  { db, market: { engine } }: AlertsDeps,
  clientId: string,
): Promise<TNotifications> {
  const [rows, unread] = await Promise.all([
    firedOf(db, clientId, NOTIFICATIONS_SHOWN),
    countUnread(db, clientId),
  ]);
  return { items: rows.map((row) => alertView(engine, row)), unread };
}
