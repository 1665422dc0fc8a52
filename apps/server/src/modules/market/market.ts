/** Assembles the market module: calendar, feed, engine, service and the live-quote hub. */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthService } from '../auth/service.ts';
import { createCalendar } from './calendar.ts';
import { createMarketEngine } from './engine.ts';
import type { MarketFeed } from './feed.ts';
import { backfillHistory } from './history.ts';
import { createLiveQuotes } from './live.ts';
import { importPrices } from './price-import.ts';
import { referenceData } from './reference-data.ts';
import { createReplayFeed } from './replay.ts';
import { createMarketService } from './service.ts';
import { createSimulatedFeed } from './simulator.ts';
import { upsertReferenceData } from './store.ts';

export function createMarket(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  bus: Bus;
  auth: AuthService;
  log?: (message: string, error?: unknown) => void;
}) {
  const { config, db, clock, bus } = deps;
  const ref = referenceData();
  const calendar = createCalendar(ref.holidays, { alwaysOpen: config.marketAlwaysOpen });
  const replay = config.marketFeed === 'replay' ? createReplayFeed(db) : null;
  const feed: MarketFeed = replay ?? createSimulatedFeed(config.marketSeed);
  const engine = createMarketEngine({ db, clock, calendar, feed, bus, log: deps.log });
  const service = createMarketService({ db, clock, engine, calendar, themes: ref.themes });
  const live = createLiveQuotes({ engine, auth: deps.auth, bus });
  let initialised: Promise<void> | null = null;
  return {
    calendar,
    engine,
    service,
    live,
    /** Reference data in, engine state loaded: once per process, safe at every start. */
    init() {
      initialised ??= (async () => {
        await upsertReferenceData(db, ref);
        await replay?.load();
        await engine.load();
      })();
      return initialised;
    },
    /** A year of history on a fresh install, so charts and 52-week ranges have something. */
    backfill: () => backfillHistory({ db, clock, engine, calendar, seed: config.marketSeed }),
    importPrices: (fileName: string, text: string, actor: Actor) =>
      importPrices(db, engine, fileName, text, actor),
  };
}

export type Market = ReturnType<typeof createMarket>;
