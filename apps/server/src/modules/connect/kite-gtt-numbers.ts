import { ConnectMessage, type TGtt } from '@sampada/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TradingService } from '../trading/service.ts';
import { kiteGttOf } from './kite-gtt-wire.ts';
import type { KiteMarket } from './kite-market.ts';
import type { ApiSession } from './sessions.ts';
import { connectGtts } from './tables.ts';
import { KiteError } from './wire.ts';

export type KiteGttDeps = {
  db: Db;
  clock: Clock;
  trading: Pick<TradingService, 'gtts'>;
  market: Pick<KiteMarket, 'tokenOf'>;
};

export const noSuchTrigger = () => new KiteError('InputException', ConnectMessage.triggerNotFound);

/** The wire's number of each GTT, given one the first time the API shows it. */
async function numbersOf({ db, clock }: KiteGttDeps, gttIds: string[]) {
  if (gttIds.length === 0) return new Map<string, { triggerId: number; appId: string | null }>();
  await db
    .insert(connectGtts)
    .values(gttIds.map((gttId) => ({ gttId, createdAt: clock.now() })))
    .onConflictDoNothing({ target: connectGtts.gttId });
  const rows = await db.select().from(connectGtts).where(inArray(connectGtts.gttId, gttIds));
  return new Map(rows.map((r) => [r.gttId, { triggerId: r.triggerId, appId: r.appId }]));
}

async function gttIdOf({ db }: KiteGttDeps, triggerId: string) {
  if (!/^\d{1,15}$/.test(triggerId)) throw noSuchTrigger();
  const [row] = await db
    .select({ gttId: connectGtts.gttId })
    .from(connectGtts)
    .where(eq(connectGtts.triggerId, Number(triggerId)));
  if (!row) throw noSuchTrigger();
  return row.gttId;
}

/** One of the client's GTTs by its wire number; another client's is not found. */
export async function ownGtt(deps: KiteGttDeps, session: ApiSession, triggerId: string) {
  const gttId = await gttIdOf(deps, triggerId);
  try {
    return await deps.trading.gtts.ofClient(session.client.id, gttId);
  } catch {
    throw noSuchTrigger();
  }
}

/** The client's GTTs as Kite's trigger objects, each with its wire number. */
export async function presentGtts(deps: KiteGttDeps, session: ApiSession, list: TGtt[]) {
  const numbers = await numbersOf(
    deps,
    list.map((g) => g.id),
  );
  return list.map((g) => kiteGttOf(g, numbers.get(g.id)!, session.client.uid, deps.market.tokenOf));
}
